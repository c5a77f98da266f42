//! `gomoku codes`: the coarse pattern code of every fine code, space-separated in fine-code order: how
//! `tools/train_net.py` folds the trainer's fine-code features onto the codes the evaluation network reads.

use gomoku::eval::codes::{coarse_code, FINE_CODES};
use std::process::ExitCode;

/// Runs `gomoku codes`.
pub fn run() -> ExitCode {
    let codes: Vec<String> = (0..FINE_CODES as u16).map(|c| coarse_code(c).to_string()).collect();
    println!("{}", codes.join(" "));
    ExitCode::SUCCESS
}
