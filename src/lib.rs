//! A freestyle Gomoku engine: 15×15 bitboards, table-driven pattern recognition, incremental evaluation,
//! α-β search with threat search, a Gomocup protocol front end and WebAssembly bindings.
//!
//! Dependency direction: [`coord`] / [`bitboard`] → [`board`] → [`pattern`] → [`eval`] → [`threat`] →
//! [`engine`] (which drives the game-independent [`search`] and [`tt`]) → front ends ([`protocol`], [`bench`],
//! `wasm`, the `gomoku` binary).

pub mod bench;
pub mod bitboard;
pub mod board;
pub mod coord;
pub mod engine;
pub mod eval;
pub mod pattern;
pub mod protocol;
pub mod record;
pub mod search;
pub mod threat;
pub mod tt;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use bitboard::Bitboard;
pub use board::{Board, Outcome, PlayError, Rule};
pub use coord::{Color, Direction, Point};
pub use engine::{Engine, Mode, SearchInfo, Settings};
pub use eval::{Position, SquareEval};
pub use pattern::{Combo, Pattern};
