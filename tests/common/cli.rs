//! Running the `gomoku` binary from the command-line tests (`#[path = "common/cli.rs"] mod cli;`).

use std::process::Command;

/// Runs the binary: (exit status, stdout, stderr).
pub fn gomoku(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gomoku"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}
