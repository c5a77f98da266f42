//! The command-line side of the evaluation network's trainer (`tools/train_net.py`): `gomoku codes` prints
//! the fine-to-coarse code map it folds with, and `gomoku train --record R --samples S` writes the records'
//! samples it reads (or refuses a path it cannot write, without a panic).
#![cfg(not(target_arch = "wasm32"))]

use gomoku::eval::codes::{coarse_code, CODES, FINE_CODES};
use gomoku::eval::train;
#[path = "common/cli.rs"]
mod cli;

use cli::gomoku;

#[test]
fn codes_prints_the_coarse_code_of_every_fine_code() {
    let (status, out, _) = gomoku(&["codes"]);
    assert_eq!(status, 0);
    let codes: Vec<u16> = out.split_whitespace().map(|c| c.parse().unwrap()).collect();
    assert_eq!(codes.len(), FINE_CODES);
    for (fine, &coarse) in codes.iter().enumerate() {
        assert_eq!(coarse, coarse_code(fine as u16));
        assert!((coarse as usize) < CODES);
    }
}

#[test]
fn train_writes_the_records_samples_and_refuses_an_unwritable_path() {
    let dir = std::env::temp_dir().join(format!("gomoku-cli-net-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (record, samples) = (dir.join("g.txt"), dir.join("s.txt"));
    let (record, samples) = (record.to_str().unwrap(), samples.to_str().unwrap());
    let base = [
        "train", "--games", "3", "--nodes", "300", "--seed", "5", "--epochs", "0", "--record", record,
    ];
    let mut args = base.to_vec();
    args.extend(["--leaves", "--lambda", "1", "--samples", samples]);
    let (status, out, err) = gomoku(&args);
    assert_eq!(status, 0, "{out}{err}");
    let read = train::read_samples(&std::fs::read_to_string(samples).unwrap()).unwrap();
    assert!(!read.is_empty());
    // Result labels: each sample's label is a game result for its side to move.
    assert!(read.iter().all(|s| [0.0, 0.5, 1.0].contains(&s.label)));
    assert!(read.iter().all(|s| s.game < 3));
    // The same records into a folder that does not exist: a clear error, no panic.
    let missing = dir.join("no such folder").join("s.txt");
    let mut args = base.to_vec();
    args.extend(["--samples", missing.to_str().unwrap()]);
    let (status, _, err) = gomoku(&args);
    assert_eq!(status, 1, "{err}");
    assert!(err.contains("cannot write") && !err.contains("panicked"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
