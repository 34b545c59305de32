//! [`ContractViolation`]: what the conformance kit reports when a game
//! breaks a rule of the [`Game`](crate::Game) contract, and [`Rule`], the
//! rules it checks.

use core::fmt;

/// One rule of the [`Game`](crate::Game) contract (or of the
/// [`Environment`](crate::agent::Environment) contract) that
/// [`check_contract`](super::check_contract) or
/// [`check_environment`](super::check_environment) checks.
///
/// `Display` states the rule as a sentence.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Rule {
    /// `legal_moves()` lists each move once.
    DuplicateMove,
    /// No two legal moves are the same capture: the same start, end and
    /// pieces taken in the same order (checked with
    /// [`Config::capture_of`](super::Config::capture_of) by
    /// [`check_contract`](super::check_contract), and by
    /// [`check_described`](super::check_described) on every described
    /// game, from its routes and captured squares).
    SameCaptureTwice,
    /// No two legal moves are captures with the same start, end and set of
    /// pieces taken that leave the same position: routes that take the
    /// same pieces in another order are one move (checked by
    /// [`check_contract`](super::check_contract) when the config says
    /// [`CaptureRoutes::OnePerResult`](super::CaptureRoutes::OnePerResult),
    /// the draughts variants' rule).
    SameResultTwice,
    /// `legal_moves_into(list)` leaves in `list` the moves of
    /// `legal_moves()`, in the same order, whatever `list` held before.
    MovesIntoAgrees,
    /// `legal_moves()` is empty iff `outcome()` is `Some`.
    MovesIffOutcome,
    /// `ending().is_some() == outcome().is_some()`.
    EndingIffOutcome,
    /// `is_over()` and `outcome_for(player)` agree with `outcome()`.
    OutcomeQueries,
    /// Equal positions have equal outcomes: the outcome depends on the
    /// position alone, not on the way there (transposition tables and
    /// repetition checks rely on it). Either player may be the winner:
    /// the player who moved last, or the player to move in a game scored
    /// by count.
    OutcomeOfEqualPositions,
    /// `is_legal(mv)` is true exactly for the moves of `legal_moves()`.
    IsLegalAgrees,
    /// `why_illegal(mv)` gives a reason exactly for the moves not in
    /// `legal_moves()`.
    WhyIllegalAgrees,
    /// `apply` accepts every move of `legal_moves()`.
    LegalMoveRefused,
    /// `apply_unchecked(mv)` leaves the same state as `apply(mv)` for a
    /// legal move.
    UncheckedDiffers,
    /// `after(mv)` returns the state `apply(mv)` leaves.
    AfterDiffers,
    /// A move's `Display` text parses back to the same move.
    MoveTextRoundTrip,
    /// After a move the opponent of the mover is to move, and `opponent`
    /// swaps the two players.
    PlayersAlternate,
    /// `apply` refuses a move that is not in `legal_moves()` with
    /// `IllegalMove(mv)` (or `GameOver` once the game has ended).
    IllegalMoveNotRefused,
    /// A refused move leaves the state unchanged.
    StateChangedOnRefusal,
    /// Equal positions have equal keys (`Game::key`).
    KeyOfEqualPositions,
    /// Equal positions have equal hashes (`Hash` agrees with `Eq`).
    HashOfEqualPositions,
    /// Different positions have different keys (with high probability: a
    /// collision among the few thousand positions of a check means a weak
    /// key).
    KeyCollision,
    /// A game from the start position ends within `MAX_PLIES` plies.
    MaxPlies,
    /// After a move `is_irreversible` calls irreversible, no earlier
    /// position recurs.
    IrreversibleMoveUndone,
    /// A move `is_tactical` calls tactical is irreversible.
    TacticalReversible,
    /// The game's `perft` equals the plain recursive count.
    Perft,
    /// A position survives the configured round trip (e.g. serde) equal,
    /// with the same key.
    PositionRoundTrip,
    /// A move survives the configured round trip (e.g. serde) equal.
    MoveRoundTrip,
    /// A buffer of the documented size is accepted and a buffer of any
    /// other size refused with an error (environments).
    BufferSize,
    /// The legal-action mask marks exactly the actions `apply_action`
    /// accepts (environments).
    ActionMask,
    /// A refused action leaves the environment unchanged (environments).
    StateChangedOnRefusedAction,
    /// Every legal move's actions, played in order, make that move, and
    /// only the last completes it (environments).
    MoveActionsRoundTrip,
    /// Writing the observation twice gives the same values, every value
    /// finite (environments).
    Observation,
    /// Each player is to act after a completed move: the opponent of the
    /// mover; before the move completes, the same player (environments).
    ActingPlayer,
    /// A game's spec reads back from its text, and its visit starts a game
    /// of the same spec with the first player to move
    /// ([`Described`](crate::catalog::Described)).
    DescribedSpec,
    /// The two players are distinct opponents, the first to move first,
    /// and their names read back (`Described`).
    DescribedPlayers,
    /// `parse_position(position_text())` is the position (`Described`).
    PositionTextRoundTrip,
    /// `parse_move(move_text(mv))` is `mv` for every legal move
    /// (`Described`).
    DescribedMoveText,
    /// `parse_move` returns legal moves only (`Described`).
    ParseMoveLegal,
    /// Routes are non-empty, on the board, unique and prefix-free, and
    /// `moves_with_route_prefix` finds their moves (`Described`).
    DescribedRoute,
    /// Captured squares hold the opponent's pieces, as many as leave the
    /// board (`Described`).
    DescribedCaptured,
    /// The board view keeps its invariants (`Described`).
    DescribedBoard,
    /// The levels hold the default, refuse their neighbours, and the
    /// weakest engine plays a legal move (`Described`).
    DescribedLevels,
    /// A record is written with the caller's tags and refuses bad ones
    /// (`Described`).
    DescribedRecord,
    /// `reset` returns to the start whatever was played: the same
    /// environment as a reset at the start, with the same sizes
    /// (environments).
    Reset,
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rule::DuplicateMove => "legal_moves() lists each move once",
            Rule::SameCaptureTwice => {
                "no two legal moves take the same pieces in the same order from and to the same squares"
            }
            Rule::SameResultTwice => {
                "no two legal moves take the same pieces from and to the same squares to the same position"
            }
            Rule::MovesIntoAgrees => {
                "legal_moves_into(list) leaves the moves of legal_moves() in list"
            }
            Rule::MovesIffOutcome => "legal_moves() is empty iff outcome() is Some",
            Rule::EndingIffOutcome => "ending() is Some iff outcome() is Some",
            Rule::OutcomeQueries => "is_over() and outcome_for() agree with outcome()",
            Rule::OutcomeOfEqualPositions => "equal positions have equal outcomes",
            Rule::IsLegalAgrees => "is_legal(mv) is true exactly for the moves of legal_moves()",
            Rule::WhyIllegalAgrees => {
                "why_illegal(mv) gives a reason exactly for the moves not in legal_moves()"
            }
            Rule::LegalMoveRefused => "apply accepts every move of legal_moves()",
            Rule::UncheckedDiffers => "apply_unchecked(mv) has the same effect as apply(mv)",
            Rule::AfterDiffers => "after(mv) returns the state apply(mv) leaves",
            Rule::MoveTextRoundTrip => "a move's Display text parses back to the same move",
            Rule::PlayersAlternate => "players alternate: after a move the opponent is to move",
            Rule::IllegalMoveNotRefused => {
                "apply refuses a move not in legal_moves() with IllegalMove (GameOver once over)"
            }
            Rule::StateChangedOnRefusal => "a refused move leaves the state unchanged",
            Rule::KeyOfEqualPositions => "equal positions have equal keys",
            Rule::HashOfEqualPositions => "equal positions have equal hashes",
            Rule::KeyCollision => "different positions have different keys",
            Rule::MaxPlies => "every game ends within MAX_PLIES plies",
            Rule::IrreversibleMoveUndone => {
                "no position before an irreversible move recurs after it"
            }
            Rule::TacticalReversible => "a tactical move is irreversible",
            Rule::Perft => "perft equals the plain recursive count",
            Rule::PositionRoundTrip => "a position round-trips unchanged, with the same key",
            Rule::MoveRoundTrip => "a move round-trips unchanged",
            Rule::BufferSize => "buffers of the documented size only are accepted",
            Rule::ActionMask => "the mask marks exactly the actions apply_action accepts",
            Rule::StateChangedOnRefusedAction => "a refused action leaves the state unchanged",
            Rule::MoveActionsRoundTrip => "a legal move's actions, played in order, make that move",
            Rule::Observation => "the observation is deterministic and finite",
            Rule::ActingPlayer => "the mover acts until the move completes, then the opponent acts",
            Rule::DescribedSpec => "the spec round-trips and visits a game of the same spec",
            Rule::DescribedPlayers => "the players are two opponents whose names read back",
            Rule::PositionTextRoundTrip => "parse_position(position_text()) is the position",
            Rule::DescribedMoveText => "parse_move(move_text(mv)) is mv for every legal move",
            Rule::ParseMoveLegal => "parse_move returns legal moves only",
            Rule::DescribedRoute => "routes are non-empty, on the board, unique and prefix-free",
            Rule::DescribedCaptured => {
                "captured squares hold opponent pieces, as many as leave the board"
            }
            Rule::DescribedBoard => "the board view keeps its invariants",
            Rule::DescribedLevels => "the levels hold the default and give working engines",
            Rule::DescribedRecord => "a record is written with the caller's tags, bad tags refused",
            Rule::Reset => "reset returns to the start, with the same sizes",
        })
    }
}

/// A rule of the contract broken by a game, with everything needed to
/// reproduce it: the position (its `Debug` text), the move or action
/// involved, the moves that led there from the playout's start, and the
/// seed.
///
/// `Display` and `Debug` both print the full report on several lines, so
/// `check_contract(&config).unwrap()` in a test shows it as is. One
/// pointer wide (the report is boxed), so `Result`s stay small.
#[derive(Clone, PartialEq, Eq)]
pub struct ContractViolation {
    report: Box<Report>,
}

/// The contents of a [`ContractViolation`].
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Report {
    pub(crate) rule: Rule,
    pub(crate) detail: String,
    pub(crate) position: String,
    pub(crate) move_text: Option<String>,
    pub(crate) start: String,
    pub(crate) path: Vec<String>,
    pub(crate) seed: u64,
    pub(crate) playout: usize,
}

impl From<Report> for ContractViolation {
    fn from(report: Report) -> Self {
        ContractViolation {
            report: Box::new(report),
        }
    }
}

impl ContractViolation {
    /// The rule broken.
    pub fn rule(&self) -> Rule {
        self.report.rule
    }

    /// What was seen, against what the rule expects.
    pub fn detail(&self) -> &str {
        &self.report.detail
    }

    /// The position (or environment state) where it happened, as `Debug`
    /// text.
    pub fn position(&self) -> &str {
        &self.report.position
    }

    /// The move (or action) involved, as text, if any.
    pub fn move_text(&self) -> Option<&str> {
        self.report.move_text.as_deref()
    }

    /// The playout's start position (`Debug` text).
    pub fn start(&self) -> &str {
        &self.report.start
    }

    /// The moves (or action numbers) from [`start`](Self::start) to
    /// [`position`](Self::position), as text.
    pub fn path(&self) -> &[String] {
        &self.report.path
    }

    /// The seed of the check.
    pub fn seed(&self) -> u64 {
        self.report.seed
    }

    /// The playout's number, from 0.
    pub fn playout(&self) -> usize {
        self.report.playout
    }
}

impl fmt::Display for ContractViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let report = &self.report;
        writeln!(f, "rule broken: {}", report.rule)?;
        writeln!(f, "  {}", report.detail)?;
        writeln!(f, "  position: {}", report.position)?;
        if let Some(mv) = &report.move_text {
            writeln!(f, "  move: {mv}")?;
        }
        write!(
            f,
            "  reached in playout {} of seed {} from {} by [{}]",
            report.playout,
            report.seed,
            report.start,
            report.path.join(" ")
        )
    }
}

impl fmt::Debug for ContractViolation {
    /// The same report as `Display`, so that `unwrap()` prints it readably.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for ContractViolation {}
