//! [`EndgameError`]: why a database could not be built, written, read or
//! verified.

use std::path::PathBuf;

use super::index::Material;

/// Why a database could not be built, written, read or verified. A file
/// that is not a whole, intact database of the expected game and material
/// is refused with one of these, never read as values.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum EndgameError {
    /// Reading or writing a file failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The game is not won by the last player to move (Breakthrough,
    /// Antidraughts: [`Rules::GOAL`](crate::draughts::Rules::GOAL)): the
    /// databases count a player who cannot move as lost, so they are not
    /// built for it.
    #[error(
        "{game}: endgame databases are built only for games that a player who cannot move loses"
    )]
    UnsupportedGoal {
        /// The game.
        game: &'static str,
    },
    /// A database the request needs is not in the directory.
    #[error("{}: missing database of {game} material {material} (build it with `endgame build {game}`)", path.display())]
    Missing {
        /// Where the file should be.
        path: PathBuf,
        /// The game.
        game: &'static str,
        /// The material it would hold.
        material: Material,
    },
    /// A build needs a smaller database that it was not given (the
    /// materials were not built in order).
    #[error("{game}: the database of material {material} is needed first")]
    NotBuilt {
        /// The game.
        game: &'static str,
        /// The material needed.
        material: Material,
    },
    /// A slice too large to build here: more positions than the builder
    /// indexes (`u32`), or more memory than the system gives.
    #[error("{game} {material}: {positions} positions, too many to build here")]
    TooLarge {
        /// The game.
        game: &'static str,
        /// The material.
        material: Material,
        /// Its positions.
        positions: u64,
    },
    /// The directory holds no database of the game.
    #[error("{}: no {game} database here (build them with `endgame build {game}`)", dir.display())]
    NoDatabases {
        /// The directory.
        dir: PathBuf,
        /// The game.
        game: &'static str,
    },
    /// No directory was named and none of the variables that give the
    /// default one is set (see [`default_dir`](super::default_dir)).
    #[error(
        "no directory for the endgame databases: name one, or set RULEBOOK_ENDGAME_DIR (or XDG_CACHE_HOME, or HOME)"
    )]
    NoDefaultDir,
    /// The directory holds no database of any game.
    #[error("{}: no endgame databases here (build them with the `endgame` example: `endgame build GAME --dir DIR`)", dir.display())]
    Empty {
        /// The directory.
        dir: PathBuf,
    },
    /// The file is shorter or longer than its header says.
    #[error("{}: truncated or padded database: {found} bytes, the header needs {expected}", path.display())]
    Length {
        /// The file.
        path: PathBuf,
        /// The length the header and the material need.
        expected: u64,
        /// The file's length.
        found: u64,
    },
    /// The file does not start as a database does.
    #[error("{}: not an endgame database (wrong magic number)", path.display())]
    Magic {
        /// The file.
        path: PathBuf,
    },
    /// The file's format version is not one this library reads.
    #[error("{}: database format version {found}, this library reads version {supported}", path.display())]
    Version {
        /// The file.
        path: PathBuf,
        /// The file's version.
        found: u16,
        /// The version read.
        supported: u16,
    },
    /// The header names another game, material, board or position count
    /// than the file's name and the rules say.
    #[error("{}: the header says {found}, expected {expected}", path.display())]
    Header {
        /// The file.
        path: PathBuf,
        /// What was expected.
        expected: String,
        /// What the header says.
        found: String,
    },
    /// The checksum does not match the contents: the file is corrupted.
    #[error("{}: corrupted database: checksum {found:08x}, contents give {computed:08x}", path.display())]
    Checksum {
        /// The file.
        path: PathBuf,
        /// The checksum stored in the file.
        found: u32,
        /// The checksum of the contents.
        computed: u32,
    },
    /// A value in the file is not a value (bits `11`).
    #[error("{}: corrupted database: position {index} has no value", path.display())]
    BadValue {
        /// The file.
        path: PathBuf,
        /// The position's index.
        index: u64,
    },
    /// A material that no database can hold (men that do not fit, more
    /// pieces than [`MAX_DATABASE_PIECES`](super::MAX_DATABASE_PIECES)).
    #[error("no database for material {material} of {game}")]
    Material {
        /// The game.
        game: &'static str,
        /// The material.
        material: Material,
    },
    /// A database does not agree with its successors (the verifier's
    /// finding).
    #[error(
        "{game} {material}: position {fen} is stored as {stored}, its moves make it {expected}"
    )]
    Inconsistent {
        /// The game.
        game: &'static str,
        /// The material.
        material: Material,
        /// The position, in FEN.
        fen: String,
        /// The stored value.
        stored: super::Value,
        /// The value its successors give.
        expected: super::Value,
    },
}
