//! A Gomoku engine: 15×15 bitboards, table-driven pattern recognition, incremental evaluation,
//! α-β search with threat search, a Gomocup protocol front end and WebAssembly bindings.
//!
//! The layers, each depending only on those before it:
//! - [`board`]: coordinates, bitboards, the board and its rules;
//! - [`eval`]: line patterns, pattern tables and the incremental evaluation;
//! - [`search`]: the game-independent α-β ([`search::Searcher`]), the transposition table, the threat
//!   search and the [`search::engine::Engine`] that drives them;
//! - [`io`]: game records, the Gomocup protocol, the benchmark and the WebAssembly API (used by the
//!   `gomoku` binary and the page).

pub mod board;
pub mod eval;
pub mod io;
pub mod search;

pub use board::bitboard::Bitboard;
pub use board::coord::{Color, Direction, Point};
pub use board::{Board, Outcome, PlayError, Rule};
pub use eval::pattern::{Combo, Pattern};
pub use eval::{Position, SquareEval};
pub use search::engine::{Engine, Mode, SearchInfo, Settings};
