//! [`default_dir`]: where the endgame databases live when the user names
//! no directory (a cache directory of the user's, never the repository or
//! the installed package), so that a build and the programs that read it
//! meet without being told.

use std::ffi::OsString;
use std::path::PathBuf;

use super::error::EndgameError;

/// The environment variable that names the databases' directory itself
/// (used as it is, no `rulebook/endgame` added).
pub const ENDGAME_DIR_VARIABLE: &str = "RULEBOOK_ENDGAME_DIR";

/// The directory under a cache directory that holds the databases.
const UNDER_CACHE: [&str; 2] = ["rulebook", "endgame"];

/// The directory of the endgame databases when none is named: the first
/// of
///
/// 1. `$RULEBOOK_ENDGAME_DIR` ([`ENDGAME_DIR_VARIABLE`]), as it is;
/// 2. `$XDG_CACHE_HOME/rulebook/endgame` (an absolute `XDG_CACHE_HOME`
///    only, as the XDG base directory specification says);
/// 3. on Windows, `%LOCALAPPDATA%\rulebook\endgame`;
/// 4. `$HOME/.cache/rulebook/endgame`.
///
/// Empty variables count as unset. The directory is only named here, not
/// created or read: [`Tablebase::build`](super::Tablebase::build) creates
/// it, [`Tablebase::open`](super::Tablebase::open) reads it.
///
/// ```
/// use rulebook::endgame::{default_dir, ENDGAME_DIR_VARIABLE};
///
/// if let (Ok(dir), None) = (default_dir(), std::env::var_os(ENDGAME_DIR_VARIABLE)) {
///     assert!(dir.ends_with("rulebook/endgame"));
/// }
/// ```
///
/// # Errors
///
/// [`EndgameError::NoDefaultDir`] when none of those variables is set.
pub fn default_dir() -> Result<PathBuf, EndgameError> {
    default_dir_from(|name| std::env::var_os(name), cfg!(windows))
}

/// [`default_dir`] with the environment `variable` and whether the system
/// is Windows given (so that every rule can be tested on any system).
fn default_dir_from(
    variable: impl Fn(&str) -> Option<OsString>,
    windows: bool,
) -> Result<PathBuf, EndgameError> {
    let set = |name: &str| variable(name).filter(|value| !value.is_empty());
    if let Some(dir) = set(ENDGAME_DIR_VARIABLE) {
        return Ok(PathBuf::from(dir));
    }
    let cache = set("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .filter(|dir| dir.is_absolute())
        .or_else(|| {
            windows
                .then(|| set("LOCALAPPDATA").map(PathBuf::from))
                .flatten()
        })
        .or_else(|| set("HOME").map(|home| PathBuf::from(home).join(".cache")))
        .ok_or(EndgameError::NoDefaultDir)?;
    Ok(UNDER_CACHE.iter().fold(cache, |dir, part| dir.join(part)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`default_dir_from`] in an environment of `pairs`.
    fn dir_in(pairs: &[(&str, &str)], windows: bool) -> Option<PathBuf> {
        default_dir_from(
            |name| {
                pairs
                    .iter()
                    .find(|(key, _)| *key == name)
                    .map(|(_, value)| OsString::from(value))
            },
            windows,
        )
        .ok()
    }

    fn path(parts: &[&str]) -> Option<PathBuf> {
        Some(parts.iter().collect())
    }

    #[test]
    #[cfg(unix)]
    fn the_variables_are_taken_in_order() {
        let all = [
            (ENDGAME_DIR_VARIABLE, "/data/egdb"),
            ("XDG_CACHE_HOME", "/xdg"),
            ("LOCALAPPDATA", "/local"),
            ("HOME", "/home/me"),
        ];
        assert_eq!(dir_in(&all, false), path(&["/data/egdb"]));
        assert_eq!(
            dir_in(&all[1..], false),
            path(&["/xdg", "rulebook", "endgame"])
        );
        assert_eq!(
            dir_in(&all[2..], false),
            path(&["/home/me", ".cache", "rulebook", "endgame"])
        );
        assert_eq!(
            dir_in(&all[2..], true),
            path(&["/local", "rulebook", "endgame"])
        );
        assert_eq!(
            dir_in(&all[3..], true),
            path(&["/home/me", ".cache", "rulebook", "endgame"])
        );
        assert_eq!(dir_in(&[], false), None);
    }

    #[test]
    #[cfg(unix)]
    fn empty_and_relative_variables_are_passed_over() {
        let env = [
            (ENDGAME_DIR_VARIABLE, ""),
            ("XDG_CACHE_HOME", "relative/cache"),
            ("HOME", "/home/me"),
        ];
        assert_eq!(
            dir_in(&env, false),
            path(&["/home/me", ".cache", "rulebook", "endgame"])
        );
        assert_eq!(dir_in(&[("HOME", "")], false), None);
        // The databases' own variable may be relative: the user named it.
        assert_eq!(
            dir_in(&[(ENDGAME_DIR_VARIABLE, "egdb")], false),
            path(&["egdb"])
        );
    }
}
