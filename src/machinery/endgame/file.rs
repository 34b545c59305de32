//! The database file: one file per game and material, its layout, its
//! checksum, writing it whole and reading it back refusing anything that
//! is not a whole, intact database.
//!
//! # Layout (version 1)
//!
//! Every number little-endian.
//!
//! | bytes | what |
//! |---|---|
//! | 0–7 | magic: `RBEGDB`, `0x1a`, `\n` |
//! | 8–9 | format version: 1 |
//! | 10–25 | the game's name (`english`, `international`, ...), ASCII, padded with zero bytes |
//! | 26 | the board's playable squares (32 or 50) |
//! | 27–30 | the material: men and kings of the side to move, men and kings of the other side |
//! | 31 | kind: 0 values, 1 distances |
//! | 32–39 | `n`, the number of positions (the material's index range) |
//! | 40 … | the body: values or distances (below) |
//! | last 4 | CRC-32 (IEEE 802.3, as zlib and PNG) of every byte before it |
//!
//! A values file (`GAME-MATERIAL.egdb`, `english-0-2-0-1.egdb`, see
//! [`Material`]'s `Display`) holds ⌈n/4⌉ bytes, 2 bits per position:
//! position `i` in byte `i / 4` at bits `2(i mod 4)`, `00` draw, `01` win,
//! `10` loss for the side to move (`11` never, and the unused bits of the
//! last byte zero). It is the database.
//!
//! A distances file (`GAME-MATERIAL.egdtc`) holds `n` bytes: for a won or
//! lost position, how many plies to a conversion (a capture, a crowning
//! or the end of the game) with the winner hurrying and the loser
//! resisting, 255 meaning 255 or more; 0 for a draw. It is optional: it
//! lets [`Tablebase::best_move`](super::Tablebase::best_move) make sure
//! progress, at four times the values' size.
//!
//! Files are written to a temporary name and renamed, the distances
//! first, so an interrupted build leaves no half file under a real name.

use std::fs;
use std::path::{Path, PathBuf};

use super::error::EndgameError;
use super::index::{Indexer, Material};
use super::value::{Table, Value};

/// The first eight bytes of every database file.
pub const MAGIC: [u8; 8] = *b"RBEGDB\x1a\n";
/// The format version this library writes and reads.
pub const FORMAT_VERSION: u16 = 1;
/// Bytes before the values.
pub const HEADER_LEN: usize = 40;
/// Bytes of the checksum after the values.
const CHECKSUM_LEN: usize = 4;
/// Room for the game's name in the header.
const NAME_LEN: usize = 16;
/// The file name's extension.
pub const EXTENSION: &str = "egdb";

/// The file of `game`'s database of `material` in `dir`.
pub fn database_path(dir: &Path, game: &str, material: Material) -> PathBuf {
    dir.join(format!("{game}-{material}.{EXTENSION}"))
}

/// The CRC-32 table (reflected polynomial `0xEDB88320`).
static CRC_TABLE: [u32; 256] = crc_table();

const fn crc_table() -> [u32; 256] {
    let mut table = [0u32; 256];
    let mut n = 0;
    while n < 256 {
        let mut c = n as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        table[n] = c;
        n += 1;
    }
    table
}

/// The CRC-32 of `bytes` (IEEE 802.3; `crc32(b"123456789") == 0xCBF43926`).
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc = CRC_TABLE[((crc ^ u32::from(byte)) & 0xff) as usize] ^ (crc >> 8);
    }
    !crc
}

/// What a file holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// The values, 2 bits per position (`.egdb`).
    Values,
    /// The distances to a conversion, a byte per position (`.egdtc`).
    Distances,
}

impl Kind {
    /// Byte 31 of the header.
    const fn code(self) -> u8 {
        match self {
            Kind::Values => 0,
            Kind::Distances => 1,
        }
    }

    /// The body's length for `count` positions.
    fn body_len(self, count: u64) -> usize {
        match self {
            Kind::Values => Table::packed_len(count),
            Kind::Distances => count as usize,
        }
    }

    fn path(self, dir: &Path, game: &str, material: Material) -> PathBuf {
        match self {
            Kind::Values => database_path(dir, game, material),
            Kind::Distances => distances_path(dir, game, material),
        }
    }
}

/// The file of `game`'s distances to a conversion for `material` in `dir`.
pub fn distances_path(dir: &Path, game: &str, material: Material) -> PathBuf {
    dir.join(format!("{game}-{material}.{DISTANCES_EXTENSION}"))
}

/// The distances files' extension.
pub const DISTANCES_EXTENSION: &str = "egdtc";

/// A whole file: header, `body`, checksum.
fn encode(game: &str, squares: u32, indexer: &Indexer, kind: Kind, body: &[u8]) -> Vec<u8> {
    let material = indexer.material();
    let count = indexer.count();
    debug_assert_eq!(body.len(), kind.body_len(count));
    let mut bytes = Vec::with_capacity(HEADER_LEN + body.len() + CHECKSUM_LEN);
    bytes.extend_from_slice(&MAGIC);
    bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    let mut name = [0u8; NAME_LEN];
    for (slot, byte) in name.iter_mut().zip(game.bytes()) {
        *slot = byte;
    }
    bytes.extend_from_slice(&name);
    bytes.push(squares as u8);
    bytes.extend_from_slice(&[
        material.mover_men,
        material.mover_kings,
        material.other_men,
        material.other_kings,
        kind.code(),
    ]);
    bytes.extend_from_slice(&count.to_le_bytes());
    debug_assert_eq!(bytes.len(), HEADER_LEN);
    bytes.extend_from_slice(body);
    let checksum = crc32(&bytes);
    bytes.extend_from_slice(&checksum.to_le_bytes());
    bytes
}

/// Writes `table`'s values and, if it has them, its distances to their
/// files in `dir` (each through a temporary file renamed into place, the
/// values last, so that a values file is never there without its
/// distances).
///
/// # Errors
///
/// [`EndgameError::Io`] when the directory cannot be made or a file
/// cannot be written or renamed.
pub(crate) fn write(
    dir: &Path,
    game: &str,
    squares: u32,
    table: &Table,
) -> Result<(), EndgameError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| EndgameError::Io { path, source }
    };
    fs::create_dir_all(dir).map_err(io(dir))?;
    let mut files = Vec::new();
    if let Some(distances) = &table.distances {
        files.push((Kind::Distances, distances.as_slice()));
    }
    files.push((Kind::Values, table.packed.as_slice()));
    for (kind, body) in files {
        let path = kind.path(dir, game, table.material());
        let temporary = path.with_extension("partial");
        fs::write(
            &temporary,
            encode(game, squares, &table.indexer, kind, body),
        )
        .map_err(io(&temporary))?;
        fs::rename(&temporary, &path).map_err(io(&path))?;
    }
    Ok(())
}

/// The body of a `kind` file of `indexer`'s material, from `bytes`, the
/// contents of `path`, after checking everything the header says against
/// what the caller expects.
///
/// # Errors
///
/// [`EndgameError::Length`], [`Magic`](EndgameError::Magic),
/// [`Version`](EndgameError::Version), [`Header`](EndgameError::Header),
/// [`Checksum`](EndgameError::Checksum) or
/// [`BadValue`](EndgameError::BadValue): the bytes are not the whole,
/// intact file of this game and material.
fn decode(
    path: &Path,
    bytes: &[u8],
    game: &str,
    squares: u32,
    indexer: &Indexer,
    kind: Kind,
) -> Result<Vec<u8>, EndgameError> {
    let path_buf = || path.to_path_buf();
    let count = indexer.count();
    let expected_len = (HEADER_LEN + kind.body_len(count) + CHECKSUM_LEN) as u64;
    if bytes.len() >= MAGIC.len() && bytes[..MAGIC.len()] != MAGIC {
        return Err(EndgameError::Magic { path: path_buf() });
    }
    if bytes.len() as u64 != expected_len {
        return Err(EndgameError::Length {
            path: path_buf(),
            expected: expected_len,
            found: bytes.len() as u64,
        });
    }
    let (body, checksum) = bytes.split_at(bytes.len() - CHECKSUM_LEN);
    let found = u32::from_le_bytes([checksum[0], checksum[1], checksum[2], checksum[3]]);
    let computed = crc32(body);
    if found != computed {
        return Err(EndgameError::Checksum {
            path: path_buf(),
            found,
            computed,
        });
    }
    let version = u16::from_le_bytes([body[8], body[9]]);
    if version != FORMAT_VERSION {
        return Err(EndgameError::Version {
            path: path_buf(),
            found: version,
            supported: FORMAT_VERSION,
        });
    }
    let material = indexer.material();
    let name_field = &body[10..10 + NAME_LEN];
    let name_end = name_field.iter().position(|&b| b == 0).unwrap_or(NAME_LEN);
    let header_game = String::from_utf8_lossy(&name_field[..name_end]).into_owned();
    let header_squares = u32::from(body[26]);
    let header_material = Material::new(body[27], body[28], body[29], body[30]);
    let mut count_bytes = [0u8; 8];
    count_bytes.copy_from_slice(&body[32..40]);
    let header_count = u64::from_le_bytes(count_bytes);
    let said = format!(
        "{header_game} on {header_squares} squares, material {header_material}, kind {}, {header_count} positions",
        body[31]
    );
    let wanted = format!(
        "{game} on {squares} squares, material {material}, kind {}, {count} positions",
        kind.code()
    );
    if said != wanted {
        return Err(EndgameError::Header {
            path: path_buf(),
            expected: wanted,
            found: said,
        });
    }
    let body = body[HEADER_LEN..].to_vec();
    if kind == Kind::Values {
        // Every value must be a value; the unused bits of the last byte
        // zero.
        for (byte_index, &byte) in body.iter().enumerate() {
            for slot in 0..4u64 {
                let index = byte_index as u64 * 4 + slot;
                let bits = (byte >> (2 * slot)) & 3;
                let bad = if index < count {
                    Value::from_bits(bits).is_none()
                } else {
                    bits != 0
                };
                if bad {
                    return Err(EndgameError::BadValue {
                        path: path_buf(),
                        index,
                    });
                }
            }
        }
    }
    Ok(body)
}

/// Reads the `kind` file of `indexer`'s material, `None` when there is
/// none.
fn read_kind(
    dir: &Path,
    game: &'static str,
    squares: u32,
    indexer: &Indexer,
    kind: Kind,
) -> Result<Option<Vec<u8>>, EndgameError> {
    let path = kind.path(dir, game, indexer.material());
    let bytes = match fs::read(&path) {
        Ok(bytes) => bytes,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => return Err(EndgameError::Io { path, source }),
    };
    decode(&path, &bytes, game, squares, indexer, kind).map(Some)
}

/// Reads the table of `indexer`'s material for `game` from `dir`: its
/// values, and its distances when `distances` is `true` (`Required`) or
/// when their file is there (`IfPresent`).
///
/// # Errors
///
/// [`EndgameError::Missing`] when a file needed is not there,
/// [`EndgameError::Io`] when one cannot be read, and
/// [`EndgameError::Length`], [`Magic`](EndgameError::Magic),
/// [`Version`](EndgameError::Version), [`Header`](EndgameError::Header),
/// [`Checksum`](EndgameError::Checksum) or
/// [`BadValue`](EndgameError::BadValue) when one is not the whole, intact
/// file.
pub(crate) fn read(
    dir: &Path,
    game: &'static str,
    squares: u32,
    indexer: Indexer,
    distances: Distances,
) -> Result<Table, EndgameError> {
    let material = indexer.material();
    let missing = |kind: Kind| EndgameError::Missing {
        path: kind.path(dir, game, material),
        game,
        material,
    };
    let packed = read_kind(dir, game, squares, &indexer, Kind::Values)?
        .ok_or_else(|| missing(Kind::Values))?;
    let distances = match distances {
        Distances::IfPresent => read_kind(dir, game, squares, &indexer, Kind::Distances)?,
        Distances::Required => Some(
            read_kind(dir, game, squares, &indexer, Kind::Distances)?
                .ok_or_else(|| missing(Kind::Distances))?,
        ),
    };
    Ok(Table {
        indexer,
        packed,
        distances,
    })
}

/// Whether [`read`] reads the distances.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Distances {
    /// Read when their file is there.
    IfPresent,
    /// Read, and missing is an error.
    Required,
}

#[cfg(test)]
mod tests {
    use super::crc32;

    #[test]
    fn crc32_check_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }
}
