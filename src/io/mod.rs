//! Front ends over the engine: game records, the Gomocup protocol, the benchmark and the WebAssembly API.

pub mod bench;
pub mod protocol;
pub mod record;
#[cfg(target_arch = "wasm32")]
pub mod wasm;
#[cfg(target_arch = "wasm32")]
pub mod wasm_analysis;
#[cfg(target_arch = "wasm32")]
mod wasm_refusal;
