//! [`Databases`]: the endgame databases of every game found in one
//! directory, asked by game name and FEN: for the front doors (the
//! server, the Python package) that know a game by its name and a
//! position by its text.

use std::any::{Any, TypeId};
use std::path::Path;
use std::sync::Arc;

use super::error::EndgameError;
use super::tablebase::Tablebase;
use super::value::Value;
use crate::checkers::Checkers;
use crate::draughts::{
    BrazilianRules, CzechRules, Draughts, EnglishRules, InternationalRules, ItalianRules,
    PoolRules, Rules, RussianRules, SpanishRules,
};
use crate::search::Oracle;
use crate::Game;

/// What the databases say of a position given as text.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TextVerdict {
    /// The value for the side to move.
    pub value: Value,
    /// A move that keeps the value, as the game writes it (`"32-27"`);
    /// `None` when the side to move has no move.
    pub best_move: Option<String>,
    /// For a win or a loss, the plies to a conversion, when the distances
    /// are there (see [`Verdict::distance`](super::Verdict::distance)).
    pub distance: Option<u32>,
}

/// Why [`Databases::lookup`] could not answer.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LookupError {
    /// No database of that game was read.
    #[error("no endgame databases of `{game}` here (the games here: {available})")]
    NoGame {
        /// The game asked for.
        game: String,
        /// The games that have databases, comma-separated.
        available: String,
    },
    /// The text is not a position of the game.
    #[error("not a {game} position: {message}")]
    Position {
        /// The game.
        game: &'static str,
        /// What is wrong with the text.
        message: String,
    },
}

/// One game's databases, asked by text or handed to a search.
trait Shelf: Send + Sync {
    fn game(&self) -> &'static str;
    fn max_pieces(&self) -> u32;
    fn lookup(&self, fen: &str) -> Result<Option<TextVerdict>, LookupError>;
    /// These databases as the search's oracle of the game type `game`:
    /// an `Arc<dyn Oracle<G>>` (boxed as `Any`) when `game` is
    /// `TypeId::of::<G>()` of a game they judge, else `None`.
    fn oracle(&self, game: TypeId) -> Option<Box<dyn Any>>;
}

impl<R: Rules> Shelf for Arc<Tablebase<R>> {
    fn game(&self) -> &'static str {
        R::NAME
    }

    fn max_pieces(&self) -> u32 {
        Tablebase::max_pieces(self)
    }

    fn oracle(&self, game: TypeId) -> Option<Box<dyn Any>> {
        if game == TypeId::of::<Draughts<R>>() {
            let oracle: Arc<dyn Oracle<Draughts<R>>> = Arc::clone(self) as _;
            return Some(Box::new(oracle));
        }
        if game == TypeId::of::<Checkers>() {
            // English checkers' databases judge `Checkers` positions too.
            let any: Arc<dyn Any + Send + Sync> = Arc::clone(self) as _;
            let english = any.downcast::<Tablebase<EnglishRules>>().ok()?;
            let oracle: Arc<dyn Oracle<Checkers>> = english;
            return Some(Box::new(oracle));
        }
        None
    }

    fn lookup(&self, fen: &str) -> Result<Option<TextVerdict>, LookupError> {
        let position = Draughts::<R>::from_fen(fen).map_err(|error| LookupError::Position {
            game: R::NAME,
            message: error.to_string(),
        })?;
        Ok(self.best_move(&position).map(|verdict| TextVerdict {
            value: verdict.value,
            best_move: verdict.best_move.map(|mv| position.move_text(&mv)),
            distance: verdict.distance,
        }))
    }
}

/// Other names of the games that have databases: English checkers is
/// also `checkers` (the crate's [`Checkers`](crate::checkers::Checkers)
/// reads and writes the same FEN).
const ALIASES: [(&str, &str); 1] = [("checkers", EnglishRules::NAME)];

/// The endgame databases of every game that has some in one directory
/// (English checkers and every draughts variant), read once and asked by
/// game name and FEN.
///
/// ```
/// use rulebook::draughts::EnglishRules;
/// use rulebook::endgame::{Databases, Tablebase, Value};
///
/// let dir = std::env::temp_dir().join(format!("rulebook-databases-doc-{}", std::process::id()));
/// Tablebase::<EnglishRules>::build(&dir, 2, |_| {}).unwrap();
/// let databases = Databases::open(&dir).unwrap();
/// assert_eq!(databases.games(), vec![("english", 2)]);
/// let verdict = databases.lookup("checkers", "W:WK32:BK26").unwrap().unwrap();
/// assert_eq!(verdict.value, Value::Win);
/// assert_eq!(verdict.best_move.as_deref(), Some("32-27"));
/// assert_eq!(databases.lookup("english", "W:W21,22,23:B9,10,11").unwrap(), None); // 6 pieces
/// assert!(databases.lookup("international", "W:W31:B20").is_err()); // none here
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub struct Databases {
    shelves: Vec<Box<dyn Shelf>>,
}

impl core::fmt::Debug for Databases {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Databases")
            .field("games", &self.games())
            .finish()
    }
}

/// `Tablebase::<R>::open(dir)` onto `shelves`; a game with no file in
/// `dir` is skipped.
fn open_into<R: Rules>(dir: &Path, shelves: &mut Vec<Box<dyn Shelf>>) -> Result<(), EndgameError> {
    match Tablebase::<R>::open(dir) {
        Ok(tablebase) => {
            shelves.push(Box::new(Arc::new(tablebase)));
            Ok(())
        }
        Err(EndgameError::NoDatabases { .. }) => Ok(()),
        Err(error) => Err(error),
    }
}

impl Databases {
    /// Reads every game's databases in `dir` (as
    /// [`Tablebase::open`] does for one game).
    ///
    /// # Errors
    ///
    /// [`EndgameError::Empty`] when `dir` holds no database at all;
    /// otherwise the first error of
    /// [`Tablebase::open`] of a game that has files there: a missing,
    /// truncated or corrupted database.
    pub fn open(dir: &Path) -> Result<Databases, EndgameError> {
        let mut shelves = Vec::new();
        open_into::<EnglishRules>(dir, &mut shelves)?;
        open_into::<InternationalRules>(dir, &mut shelves)?;
        open_into::<BrazilianRules>(dir, &mut shelves)?;
        open_into::<RussianRules>(dir, &mut shelves)?;
        open_into::<PoolRules>(dir, &mut shelves)?;
        open_into::<ItalianRules>(dir, &mut shelves)?;
        open_into::<SpanishRules>(dir, &mut shelves)?;
        open_into::<CzechRules>(dir, &mut shelves)?;
        if shelves.is_empty() {
            return Err(EndgameError::Empty {
                dir: dir.to_path_buf(),
            });
        }
        Ok(Databases { shelves })
    }

    /// The games that have databases here, with the most pieces of each.
    pub fn games(&self) -> Vec<(&'static str, u32)> {
        self.shelves
            .iter()
            .map(|shelf| (shelf.game(), shelf.max_pieces()))
            .collect()
    }

    /// The databases of `game` (a variant's name, or `checkers`), if here.
    fn shelf(&self, game: &str) -> Option<&dyn Shelf> {
        let name = ALIASES
            .iter()
            .find(|(alias, _)| *alias == game)
            .map_or(game, |&(_, name)| name);
        self.shelves
            .iter()
            .find(|shelf| shelf.game() == name)
            .map(|shelf| &**shelf)
    }

    /// The most pieces of `game`'s databases, `None` when it has none here.
    pub fn max_pieces(&self, game: &str) -> Option<u32> {
        self.shelf(game).map(Shelf::max_pieces)
    }

    /// The databases that judge positions of `G` (a
    /// [`Draughts<R>`](crate::draughts::Draughts) variant, or
    /// [`Checkers`] by English checkers' databases) as a search's oracle,
    /// for [`Engine::with_endgame`](crate::search::Engine::with_endgame);
    /// `None` for a game with no databases here (any other game type).
    ///
    /// ```
    /// use rulebook::checkers::{self, Checkers};
    /// use rulebook::connect4::Connect4;
    /// use rulebook::draughts::{EnglishRules, International};
    /// use rulebook::endgame::{Databases, Tablebase};
    ///
    /// let dir = std::env::temp_dir().join(format!("rulebook-oracle-doc-{}", std::process::id()));
    /// Tablebase::<EnglishRules>::build(&dir, 3, |_| {}).unwrap();
    /// let databases = Databases::open(&dir).unwrap();
    /// let oracle = databases.oracle::<Checkers>().unwrap();
    /// let mut engine = checkers::engine(1).unwrap().with_endgame(oracle);
    /// let thought = engine.think(Checkers::from_fen("W:WK1,K2:BK32").unwrap());
    /// assert_eq!(thought.score.to_string(), "database win");
    /// assert!(databases.oracle::<International>().is_none());
    /// assert!(databases.oracle::<Connect4>().is_none());
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn oracle<G: Game + 'static>(&self) -> Option<Arc<dyn Oracle<G>>> {
        let game = TypeId::of::<G>();
        let found = self.shelves.iter().find_map(|shelf| shelf.oracle(game))?;
        found
            .downcast::<Arc<dyn Oracle<G>>>()
            .ok()
            .map(|oracle| *oracle)
    }

    /// What `game`'s databases say of the position `fen` (the FEN the
    /// game reads): `None` when it has more pieces than they hold.
    ///
    /// # Errors
    ///
    /// [`LookupError::NoGame`] when `game` has no databases here;
    /// [`LookupError::Position`] when `fen` is not a position of the game.
    pub fn lookup(&self, game: &str, fen: &str) -> Result<Option<TextVerdict>, LookupError> {
        let shelf = self.shelf(game).ok_or_else(|| LookupError::NoGame {
            game: game.to_owned(),
            available: self
                .shelves
                .iter()
                .map(|shelf| shelf.game())
                .collect::<Vec<_>>()
                .join(", "),
        })?;
        shelf.lookup(fen)
    }
}
