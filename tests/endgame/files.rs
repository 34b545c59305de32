//! The file format: what is written reads back; a truncated, padded,
//! corrupted, foreign or missing file is refused with its error, never
//! read as values; an interrupted build goes on where it stopped.

use std::path::{Path, PathBuf};

use rulebook::draughts::{English, EnglishRules, InternationalRules};
use rulebook::endgame::file::{crc32, database_path, HEADER_LEN, MAGIC};
use rulebook::endgame::{EndgameError, Material, Tablebase, Value};

/// A fresh directory under the system's temporary directory.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "rulebook-endgame-test-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Changes the value of position `index` in `material`'s file with
/// `change` (of its two bits) and writes a valid checksum again.
pub fn rewrite_value(
    dir: &Path,
    game: &str,
    material: Material,
    index: usize,
    change: impl Fn(u8) -> u8,
) {
    let path = database_path(dir, game, material);
    let mut bytes = std::fs::read(&path).unwrap();
    let at = HEADER_LEN + index / 4;
    let shift = 2 * (index % 4);
    let bits = (bytes[at] >> shift) & 3;
    bytes[at] = (bytes[at] & !(3 << shift)) | (change(bits) << shift);
    let body = bytes.len() - 4;
    let checksum = crc32(&bytes[..body]);
    bytes[body..].copy_from_slice(&checksum.to_le_bytes());
    std::fs::write(&path, bytes).unwrap();
}

const KINGS: Material = Material::new(0, 1, 0, 1);

/// Opens `dir`'s English databases, expecting an error.
fn open_error(dir: &Path) -> EndgameError {
    Tablebase::<EnglishRules>::open(dir).unwrap_err()
}

#[test]
fn written_databases_read_back() {
    let dir = scratch_dir("read-back");
    let built = Tablebase::<EnglishRules>::build(&dir, 2, |_| {}).unwrap();
    let read = Tablebase::<EnglishRules>::open(&dir).unwrap();
    assert_eq!(read.max_pieces(), 2);
    for fen in ["W:WK1:BK32", "B:WK18:BK14", "W:W28:BK1", "B:W9:B24"] {
        let position = English::from_fen(fen).unwrap();
        assert_eq!(read.probe(&position), built.probe(&position), "{fen}");
        assert!(read.probe(&position).is_some());
    }
    // 2 bits per position and a header of 40 bytes and a checksum of 4.
    let len = std::fs::metadata(database_path(&dir, "english", KINGS))
        .unwrap()
        .len();
    assert_eq!(len, 40 + 992 / 4 + 4);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_build_goes_on_where_it_stopped() {
    let dir = scratch_dir("resume");
    Tablebase::<EnglishRules>::build(&dir, 2, |_| {}).unwrap();
    // One file lost, one corrupted: those two slices are built again, the
    // others read.
    std::fs::remove_file(database_path(&dir, "english", Material::new(1, 0, 0, 1))).unwrap();
    let corrupted = database_path(&dir, "english", KINGS);
    let mut bytes = std::fs::read(&corrupted).unwrap();
    bytes[HEADER_LEN + 10] ^= 0x01;
    std::fs::write(&corrupted, bytes).unwrap();
    let mut rebuilt = Vec::new();
    let mut read = 0;
    Tablebase::<EnglishRules>::build(&dir, 2, |progress| match progress.built {
        Some(_) => rebuilt.push(progress.material),
        None => read += 1,
    })
    .unwrap();
    assert_eq!(rebuilt, [KINGS, Material::new(0, 1, 1, 0)]);
    assert!(read > 0);
    Tablebase::<EnglishRules>::open(&dir).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn damaged_files_are_refused() {
    let dir = scratch_dir("damaged");
    Tablebase::<EnglishRules>::build(&dir, 2, |_| {}).unwrap();
    let path = database_path(&dir, "english", KINGS);
    let good = std::fs::read(&path).unwrap();

    // Truncated, by one byte and down to nothing; padded.
    for len in [good.len() - 1, HEADER_LEN, 3, 0] {
        std::fs::write(&path, &good[..len]).unwrap();
        assert!(
            matches!(open_error(&dir), EndgameError::Length { .. }),
            "{len} bytes"
        );
    }
    let mut padded = good.clone();
    padded.push(0);
    std::fs::write(&path, &padded).unwrap();
    assert!(matches!(open_error(&dir), EndgameError::Length { .. }));

    // One bit flipped anywhere: in the header, the values, the checksum.
    for at in [12, 30, HEADER_LEN, HEADER_LEN + 100, good.len() - 1] {
        let mut bytes = good.clone();
        bytes[at] ^= 0x10;
        std::fs::write(&path, &bytes).unwrap();
        let error = open_error(&dir);
        assert!(
            matches!(error, EndgameError::Checksum { .. }),
            "byte {at}: {error}"
        );
        assert!(error.to_string().contains("corrupted"));
    }

    // Not a database.
    let mut bytes = good.clone();
    bytes[..MAGIC.len()].copy_from_slice(b"PK\x03\x04....");
    std::fs::write(&path, &bytes).unwrap();
    assert!(matches!(open_error(&dir), EndgameError::Magic { .. }));

    // A value `11` under a valid checksum.
    std::fs::write(&path, &good).unwrap();
    rewrite_value(&dir, "english", KINGS, 7, |_| 3);
    assert!(matches!(
        open_error(&dir),
        EndgameError::BadValue { index: 7, .. }
    ));

    // Another material's file under this name (valid in itself).
    let other = std::fs::read(database_path(&dir, "english", Material::new(0, 1, 1, 0))).unwrap();
    std::fs::write(&path, other).unwrap();
    let error = open_error(&dir);
    assert!(
        matches!(
            error,
            EndgameError::Header { .. } | EndgameError::Length { .. }
        ),
        "{error}"
    );

    // Missing.
    std::fs::remove_file(&path).unwrap();
    assert!(matches!(open_error(&dir), EndgameError::Missing { .. }));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn another_games_files_are_not_read() {
    let dir = scratch_dir("other-game");
    Tablebase::<EnglishRules>::build(&dir, 1, |_| {}).unwrap();
    assert!(matches!(
        Tablebase::<InternationalRules>::open(&dir).unwrap_err(),
        EndgameError::NoDatabases { .. }
    ));
    // An English file renamed as International's is refused.
    std::fs::rename(
        database_path(&dir, "english", Material::new(0, 1, 0, 0)),
        database_path(&dir, "international", Material::new(0, 1, 0, 0)),
    )
    .unwrap();
    assert!(Tablebase::<InternationalRules>::open_pieces(&dir, 1).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn positions_beyond_the_databases_are_unknown() {
    let tablebase = Tablebase::<EnglishRules>::build_in_memory(2, |_| {}).unwrap();
    let three = English::from_fen("W:WK1,K2:BK32").unwrap();
    assert_eq!(tablebase.probe(&three), None);
    assert_eq!(tablebase.best_move(&three), None);
    let two = English::from_fen("W:WK1:BK32").unwrap();
    assert_eq!(tablebase.probe(&two), Some(Value::Draw));
}

/// More pieces than a database holds is refused with an error, before
/// any work; large materials are counted without building (the builder
/// refuses a slice over `u32::MAX` positions with `TooLarge`).
#[test]
fn a_build_too_large_is_refused() {
    let error = Tablebase::<InternationalRules>::build_in_memory(16, |_| {}).unwrap_err();
    assert!(matches!(error, EndgameError::Material { .. }), "{error}");
    let big = Material::new(0, 8, 0, 7);
    assert!(
        Tablebase::<InternationalRules>::material_positions(big).unwrap() > u64::from(u32::MAX)
    );
}

/// Breakthrough and Antidraughts are not won by the last player to move:
/// no database is built for them (it would count a blocked player as lost).
#[test]
fn games_not_won_by_the_last_to_move_get_no_databases() {
    use rulebook::draughts::{AntidraughtsRules, BreakthroughRules, KillerRules};
    let refused = Tablebase::<AntidraughtsRules>::build_in_memory(2, |_| {}).unwrap_err();
    assert!(
        matches!(
            refused,
            EndgameError::UnsupportedGoal {
                game: "antidraughts"
            }
        ),
        "{refused}"
    );
    assert!(
        refused.to_string().contains("cannot move loses"),
        "{refused}"
    );
    assert!(matches!(
        Tablebase::<BreakthroughRules>::build_in_memory(2, |_| {}),
        Err(EndgameError::UnsupportedGoal { .. })
    ));
    // Killer draughts is won as International is: its databases build.
    assert!(Tablebase::<KillerRules>::build_in_memory(2, |_| {}).is_ok());
}
