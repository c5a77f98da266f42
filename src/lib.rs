//! A freestyle Gomoku engine: 15×15 bitboards, table-driven pattern recognition, incremental evaluation,
//! α-β search with threat search, a Gomocup protocol front end and WebAssembly bindings.
//!
//! Dependency direction: [`coord`] / [`bitboard`] → [`board`] → [`pattern`] → [`eval`] → [`search`] →
//! front ends ([`protocol`], `wasm`).

pub mod bitboard;
pub mod board;
pub mod coord;
pub mod eval;
pub mod pattern;
pub mod record;

pub use bitboard::Bitboard;
pub use board::{Board, Outcome, PlayError, Rule};
pub use coord::{Color, Direction, Point};
pub use eval::{Position, SquareEval};
pub use pattern::{Combo, Pattern};
