//! One game as the server keeps it, generic over [`Described`]: a
//! [`Match`], the seats, the route of a multi-jump entered so far, a
//! pending undo request, and the history as the API shows it. The rest of
//! the server sees it through the object-safe [`LiveGame`].
//!
//! Every change is an [`Event`]; the database stores the events, and a
//! game is rebuilt by [`LiveGame::replay`]ing them from its
//! [`GameConfig`], so a restarted server has exactly the game it had.

use std::collections::BTreeMap;
use std::time::Duration;

use axum::http::StatusCode;
use rulebook::catalog::{BoardKind, Described, GameSpec, GameVisitor, RouteEntry, RouteSoFar};
use rulebook::endgame::Databases;
use rulebook::search::{LevelError, Limits};
use rulebook::{Action, EndReason, Match, MatchError, Outcome, UndoError};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::clock::{hms, Clock, Deadline, TimeControl, TimeControlBody};
use crate::error::ApiError;

/// A game the server can keep in shared state and think about on another
/// thread: moves, players and endings that are `Send + Sync`.
pub trait Playable: Described<Move: Send + Sync, Player: Send + Sync, Ending: Send + Sync> {}

impl<G> Playable for G
where
    G: Described,
    G::Move: Send + Sync,
    G::Player: Send + Sync,
    G::Ending: Send + Sync,
{
}

/// Who sits on a seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SeatKind {
    /// A person, with a token.
    Human,
    /// The crate's engine.
    Computer,
}

/// A seat as stored.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SeatConfig {
    /// Human or computer.
    pub kind: SeatKind,
    /// The computer's level.
    pub level: Option<u32>,
    /// The SHA-256 (hex) of the seat's token, for a human seat.
    pub token_hash: Option<String>,
    /// Whether a person holds the seat (the creator's, or joined).
    pub taken: bool,
}

/// What a game was created with: enough, with its events, to rebuild it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameConfig {
    /// The seats, first mover's first.
    pub seats: [SeatConfig; 2],
    /// The start position's text when it is not the game's default.
    pub start: Option<String>,
    /// An open game: listed under the games waiting for a player, and
    /// anyone may take its free seat. A private game (the default) is not
    /// listed, and only its invitation's token takes the seat.
    #[serde(default)]
    pub public: bool,
    /// The time control (none: no clocks).
    #[serde(default)]
    pub time_control: Option<TimeControl>,
    /// Server time (Unix ms) of the game's creation: where its clocks
    /// start counting when both seats are taken at once.
    #[serde(default)]
    pub created_ms: i64,
    /// A Fischer game's time for each side's first move (ms).
    #[serde(default = "default_first_move_ms")]
    pub first_move_ms: i64,
}

fn default_first_move_ms() -> i64 {
    crate::clock::FIRST_MOVE_MS
}

/// What an event is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EventKind {
    /// A seat was taken (data: the token's hash).
    Join,
    /// A full move (data: its text).
    Move,
    /// Hops of an unfinished multi-jump (data: the route, JSON).
    Route,
    /// The seat offered a draw.
    DrawOffer,
    /// The seat accepted the draw offer.
    DrawAccept,
    /// The seat declined the draw offer.
    DrawDecline,
    /// The seat resigned.
    Resign,
    /// The seat asked to take its move back.
    UndoRequest,
    /// The seat declined the undo request.
    UndoDecline,
    /// Moves were taken back (data: how many plies).
    Undo,
    /// The side to move ran out of time (data `time`: it loses) or made no
    /// first move in time (data `abort`: the game is aborted).
    Timeout,
    /// The server restarted: the clocks did not run for `data` ms.
    Resume,
    /// The seat claimed the game after its opponent left (data `win`,
    /// `draw`, or `abort` when the opponent had made no move).
    Claim,
    /// The seat offered a rematch (after the end).
    RematchOffer,
    /// The seat declined the opponent's rematch offer.
    RematchDecline,
    /// The rematch was agreed (data: the new game's id).
    Rematch,
}

impl EventKind {
    const ALL: [EventKind; 16] = [
        EventKind::RematchOffer,
        EventKind::RematchDecline,
        EventKind::Rematch,
        EventKind::Claim,
        EventKind::Timeout,
        EventKind::Resume,
        EventKind::Join,
        EventKind::Move,
        EventKind::Route,
        EventKind::DrawOffer,
        EventKind::DrawAccept,
        EventKind::DrawDecline,
        EventKind::Resign,
        EventKind::UndoRequest,
        EventKind::UndoDecline,
        EventKind::Undo,
    ];

    /// The name stored in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            EventKind::Join => "join",
            EventKind::Move => "move",
            EventKind::Route => "route",
            EventKind::DrawOffer => "draw_offer",
            EventKind::DrawAccept => "draw_accept",
            EventKind::DrawDecline => "draw_decline",
            EventKind::Resign => "resign",
            EventKind::UndoRequest => "undo_request",
            EventKind::UndoDecline => "undo_decline",
            EventKind::Undo => "undo",
            EventKind::Timeout => "timeout",
            EventKind::Resume => "resume",
            EventKind::Claim => "claim",
            EventKind::RematchOffer => "rematch_offer",
            EventKind::RematchDecline => "rematch_decline",
            EventKind::Rematch => "rematch",
        }
    }

    /// The kind stored as `name`.
    pub fn from_name(name: &str) -> Option<EventKind> {
        EventKind::ALL
            .into_iter()
            .find(|kind| kind.as_str() == name)
    }

    /// The WebSocket message type of a change of this kind.
    pub fn push_type(self) -> &'static str {
        match self {
            EventKind::Join => "join",
            EventKind::Move | EventKind::Route => "move",
            EventKind::DrawOffer
            | EventKind::DrawDecline
            | EventKind::UndoRequest
            | EventKind::UndoDecline => "offer",
            EventKind::DrawAccept | EventKind::Resign | EventKind::Timeout | EventKind::Claim => {
                "end"
            }
            EventKind::Undo => "undo",
            EventKind::Resume => "clock",
            EventKind::RematchOffer | EventKind::RematchDecline | EventKind::Rematch => "rematch",
        }
    }
}

/// One change of a game, as stored.
#[derive(Clone, Debug)]
pub struct Event {
    /// What happened.
    pub kind: EventKind,
    /// Who did it (seat index).
    pub seat: u8,
    /// The kind's data (a move's text, a token hash, a count, a route).
    pub data: String,
    /// When the server committed it (Unix ms; 0 in databases from before
    /// clocks).
    pub at: i64,
}

/// A draw or undo action.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Answer {
    /// Offer a draw / request an undo.
    Ask,
    /// Accept the opponent's.
    Accept,
    /// Decline the opponent's.
    Decline,
}

/// What the computer decided.
#[derive(Clone, Debug)]
pub enum EngineOutcome {
    /// Play this move (its text), found at this depth with this score.
    Move {
        /// The move's text.
        text: String,
        /// The deepest completed depth.
        depth: u32,
        /// The score, as the search writes it.
        score: String,
    },
    /// The answer to a draw offer.
    Judge {
        /// Whether the computer accepts.
        accept: bool,
    },
    /// The engine could not be built (a level out of range).
    Failed,
}

/// A request to change a game.
#[derive(Clone, Debug)]
pub enum Command {
    /// A move or one hop of one, in the game's notation.
    Move(String),
    /// A draw offer or its answer.
    Draw(Answer),
    /// Resign.
    Resign,
    /// An undo request or its answer.
    Undo(Answer),
    /// Take the free seat with this token hash.
    Join(String),
    /// The computer's decision.
    Engine(EngineOutcome),
    /// The server's timer: the side to move's time ran out.
    Timeout,
    /// The server's restart: the clocks did not run for this many ms.
    Resume(i64),
    /// The seat's opponent left (the server checked how long ago): claim
    /// a draw (`true`) or the win.
    Claim(bool),
    /// A rematch offer, its refusal, or the rematch agreed (see
    /// `crate::rematch`).
    Rematch(RematchStep),
}

/// A step of a rematch, after the game's end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RematchStep {
    /// The seat offers a rematch.
    Offer,
    /// The seat declines the opponent's offer.
    Decline,
    /// The rematch is agreed (the opponent offered, or is the computer):
    /// the new game's id.
    Agreed(String),
}

/// Where a game's rematch stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RematchStatus {
    /// The seat whose rematch offer waits for an answer.
    pub offered_by: Option<u8>,
    /// The rematch's game id, once agreed.
    pub game: Option<String>,
}

/// The computer's work to do for a game: run it off the async runtime.
pub struct ComputerJob {
    /// The computer's seat.
    pub seat: u8,
    /// The search (or draw judgement).
    pub run: Box<dyn FnOnce() -> EngineOutcome + Send>,
}

/// A game behind an object-safe face: what the rest of the server uses.
pub trait LiveGame: Send + Sync {
    /// A copy, to change and keep only once the change is committed.
    fn clone_box(&self) -> Box<dyn LiveGame>;
    /// The game's spec.
    fn spec(&self) -> GameSpec;
    /// The stored configuration (seats, start).
    fn config(&self) -> &GameConfig;
    /// Does `command` for `seat` at server time `at` (Unix ms), changing
    /// the game, and returns the event to store; refuses (changing
    /// nothing) with the reason.
    ///
    /// # Errors
    ///
    /// An [`ApiError`] that says why the command is refused.
    fn act(&mut self, seat: u8, command: &Command, at: i64) -> Result<Event, ApiError>;
    /// Plays a stored event again.
    ///
    /// # Errors
    ///
    /// The reason when the event does not apply (a corrupt database).
    fn replay(&mut self, event: &Event) -> Result<(), String>;
    /// The state the API shows, its clocks at server time `now`.
    fn state(&self, id: &str, version: u64, now: i64) -> GameState;
    /// When the side to move's clock runs out (Unix ms), and what then;
    /// none when no clock runs.
    fn deadline(&self) -> Option<(i64, Deadline)>;
    /// Server time since which the side to move's time counts, for a game
    /// whose clock has a deadline.
    fn clock_since(&self) -> Option<i64>;
    /// Whether a clock is running now (the state changes with time).
    fn clock_running(&self) -> bool;
    /// The game's record (PDN for checkers and draughts); `names`: the
    /// seats' players (accounts or guests), for the White and Black tags.
    fn record(&self, id: &str, names: &[Option<String>; 2]) -> String;
    /// The record's file name, without its extension: the game, the date
    /// and the start of the id (`checkers-2026-12-03-1a2b3c4d`).
    fn record_name(&self, id: &str) -> String;
    /// Whether a human seat waits for a player.
    fn free_seat(&self) -> Option<u8>;
    /// Whether the game is listed as waiting for a player: a free seat,
    /// and open to anyone.
    fn listed(&self) -> bool {
        self.free_seat().is_some() && self.config().public
    }
    /// Whether the game has ended.
    fn is_over(&self) -> bool;
    /// The seat's name.
    fn seat_name(&self, seat: u8) -> &'static str;
    /// The computer's work, when it is the computer's turn (to move, or to
    /// answer a draw offer), at server time `now` (its clock); its engine
    /// probes `endgame`'s databases of the game when it has some.
    fn computer_job(
        &self,
        millis_per_level: u64,
        now: i64,
        endgame: Option<&Databases>,
    ) -> Option<ComputerJob>;
    /// Where the rematch stands (an offer waiting, the new game).
    fn rematch_status(&self) -> RematchStatus;
    /// The rematch's configuration, created at server time `at` (Unix
    /// ms): the same game, start and time control, the seats (and their
    /// tokens) swapped, both taken, private.
    fn rematch_config(&self, at: i64) -> GameConfig;
}

/// A game of `G`.
#[derive(Clone)]
struct Session<G: Playable> {
    spec: GameSpec,
    config: GameConfig,
    game: Match<G>,
    pending_route: RouteSoFar,
    undo_offer: Option<u8>,
    history: Vec<HistoryEntry>,
    clock: Option<Clock>,
    /// An end the match does not know: on time, or aborted.
    ended: Option<ServerEnd>,
    /// The mover and both clocks after each move of `history`.
    clock_log: Vec<(u8, [i64; 2])>,
    /// The rematch (after the end).
    rematch: RematchStatus,
}

/// How the server ended a game.
#[derive(Clone, Copy, Debug)]
enum ServerEnd {
    /// This seat's clock ran out: it loses.
    Time { loser: u8 },
    /// This seat made no first move in time: nobody loses.
    Aborted { by: u8 },
    /// This seat's opponent left and it claimed the win or a draw.
    Claimed { by: u8, draw: bool },
}

/// Creates a game from a request: the [`GameVisitor`] of creation.
pub struct Create {
    /// The game.
    pub spec: GameSpec,
    /// Human or computer opponent.
    pub opponent: SeatKind,
    /// The computer's level.
    pub level: Option<u32>,
    /// The creator's seat name, or `random`.
    pub side: Option<String>,
    /// Both seats computer.
    pub computer_vs_computer: bool,
    /// A start position.
    pub position: Option<String>,
    /// The two token hashes to give (creator's, then invitation's).
    pub token_hashes: [String; 2],
    /// A random bit for `side: random`.
    pub coin: bool,
    /// The time control.
    pub time_control: Option<TimeControl>,
    /// Server time (Unix ms) now.
    pub at: i64,
    /// A Fischer game's time for each side's first move (ms).
    pub first_move_ms: i64,
    /// Listed, and open to anyone (see [`GameConfig::public`]).
    pub public: bool,
}

/// The created game and the creator's seat (none for computer against
/// computer), and whether the other seat is a human's invitation.
pub type Created = (Box<dyn LiveGame>, Option<u8>);

impl GameVisitor for Create {
    type Output = Result<Created, ApiError>;

    fn visit<G: Described>(self, start: G) -> Self::Output
    where
        G::Move: Send + Sync,
        G::Player: Send + Sync,
        G::Ending: Send + Sync,
    {
        let start = match &self.position {
            Some(text) => start.parse_position(text).map_err(|error| {
                ApiError::new(StatusCode::BAD_REQUEST, "bad_request", error.to_string())
            })?,
            None => start,
        };
        let level = self.level.unwrap_or_else(G::default_level);
        let needs_level = self.computer_vs_computer || self.opponent == SeatKind::Computer;
        if needs_level && !G::levels().contains(&level) {
            let error = LevelError {
                requested: level,
                max: *G::levels().end(),
            };
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "bad_level",
                error.to_string(),
            ));
        }
        let players = G::players();
        let creator_seat: u8 = match self.side.as_deref().map(str::trim) {
            None | Some("") => 0,
            Some(side) if side.eq_ignore_ascii_case("random") => u8::from(self.coin),
            Some(side) => {
                let player = G::parse_player(side)
                    .map_err(|error| ApiError::bad_request(format!("{error} (or random)")))?;
                u8::from(player != players[0])
            }
        };
        let [creator_hash, invitation_hash] = self.token_hashes;
        let computer = SeatConfig {
            kind: SeatKind::Computer,
            level: Some(level),
            token_hash: None,
            taken: true,
        };
        let seats: [SeatConfig; 2] = if self.computer_vs_computer {
            [computer.clone(), computer]
        } else {
            let creator = SeatConfig {
                kind: SeatKind::Human,
                level: None,
                token_hash: Some(creator_hash),
                taken: true,
            };
            let other = match self.opponent {
                SeatKind::Computer => computer,
                SeatKind::Human => SeatConfig {
                    kind: SeatKind::Human,
                    level: None,
                    token_hash: Some(invitation_hash),
                    taken: false,
                },
            };
            if creator_seat == 0 {
                [creator, other]
            } else {
                [other, creator]
            }
        };
        let start_text = self.position.as_ref().map(|_| start.position_text());
        let config = GameConfig {
            seats,
            start: start_text,
            public: self.public && self.opponent == SeatKind::Human && !self.computer_vs_computer,
            time_control: self.time_control,
            created_ms: self.at,
            first_move_ms: self.first_move_ms,
        };
        let session = Session::<G>::new(self.spec, config, start);
        let seat = (!self.computer_vs_computer).then_some(creator_seat);
        Ok((Box::new(session), seat))
    }
}

/// Rebuilds a stored game's start: the [`GameVisitor`] of loading.
pub struct Restore {
    /// The game.
    pub spec: GameSpec,
    /// Its configuration.
    pub config: GameConfig,
}

impl GameVisitor for Restore {
    type Output = Result<Box<dyn LiveGame>, String>;

    fn visit<G: Described>(self, start: G) -> Self::Output
    where
        G::Move: Send + Sync,
        G::Player: Send + Sync,
        G::Ending: Send + Sync,
    {
        let start = match &self.config.start {
            Some(text) => start
                .parse_position(text)
                .map_err(|error| error.to_string())?,
            None => start,
        };
        Ok(Box::new(Session::<G>::new(self.spec, self.config, start)))
    }
}

impl<G: Playable> Session<G> {
    fn new(spec: GameSpec, config: GameConfig, start: G) -> Self {
        let seated = config.seats.iter().all(|seat| seat.taken);
        let clock = config
            .time_control
            .map(|control| Clock::new(control, seated, config.created_ms, config.first_move_ms));
        Session {
            clock,
            ended: None,
            clock_log: Vec::new(),
            rematch: RematchStatus::default(),
            spec,
            config,
            game: Match::with_rules(start, G::draw_rules()),
            pending_route: RouteSoFar::new(),
            undo_offer: None,
            history: Vec::new(),
        }
    }

    fn player(seat: u8) -> G::Player {
        G::players()[usize::from(seat.min(1))]
    }

    fn seat_of(player: G::Player) -> u8 {
        u8::from(player != G::players()[0])
    }

    fn name(seat: u8) -> &'static str {
        G::player_name(Self::player(seat))
    }

    fn to_move_seat(&self) -> u8 {
        Self::seat_of(self.game.to_move())
    }

    /// The seat whose clock runs: the side to move, or, while a draw offer
    /// waits for an answer (no move can be played until then), the side
    /// that must answer it, so that stalling on an offer costs the staller.
    fn clock_seat(&self) -> u8 {
        match self.game.pending_draw_offer() {
            Some(offered_by) => Self::other(Self::seat_of(offered_by)),
            None => self.to_move_seat(),
        }
    }

    fn match_error(error: MatchError<G::Player, G::Move>) -> ApiError {
        let message = error.to_string();
        match error {
            MatchError::GameOver => ApiError::game_over(),
            MatchError::NotYourTurn { .. } => {
                ApiError::new(StatusCode::CONFLICT, "not_your_turn", message)
            }
            MatchError::NoDrawOffer => {
                ApiError::new(StatusCode::CONFLICT, "no_pending_offer", message)
            }
            MatchError::DrawOfferPending { .. } | MatchError::OwnDrawOffer { .. } => {
                ApiError::conflict(message)
            }
            MatchError::Play(_) => ApiError::illegal_move(message),
        }
    }

    fn undo_error(error: UndoError<G::Player>) -> ApiError {
        let message = error.to_string();
        match error {
            UndoError::GameOver | UndoError::Resigned { .. } | UndoError::DrawAgreed => {
                ApiError::new(StatusCode::CONFLICT, "game_over", message)
            }
            _ => ApiError::conflict(message),
        }
    }

    /// Plays `mv` (legal here), keeping the history entry.
    fn play(&mut self, player: G::Player, mv: G::Move) -> Result<String, ApiError> {
        let position = self.game.position();
        let entry = HistoryEntry {
            ply: self.history.len() + 1,
            seat: G::player_name(player).to_owned(),
            text: position.move_text(mv),
            route: position.route(mv),
            captured: position.captured(mv),
        };
        self.game
            .act(player, Action::Play(mv))
            .map_err(Self::match_error)?;
        let text = entry.text.clone();
        self.history.push(entry);
        self.pending_route.clear();
        self.undo_offer = None;
        Ok(text)
    }

    /// A move or a hop: the event it makes.
    fn enter_move(&mut self, seat: u8, text: &str) -> Result<Event, ApiError> {
        let player = Self::player(seat);
        if self.is_over() {
            return Err(ApiError::game_over());
        }
        if let Some(offered_by) = self.game.pending_draw_offer() {
            return Err(Self::match_error(MatchError::DrawOfferPending {
                offered_by,
                answering: G::opponent(offered_by),
            }));
        }
        let to_move = self.game.to_move();
        if player != to_move {
            return Err(Self::match_error(MatchError::NotYourTurn {
                player,
                to_move,
            }));
        }
        let text = text.trim();
        if self.pending_route.is_empty() {
            if let Ok(mv) = self.game.position().parse_move(text) {
                let text = self.play(player, mv)?;
                return Ok(self.event(EventKind::Move, seat, text));
            }
        }
        let squares: Vec<String> = text
            .split(|c: char| {
                c == '-' || c == 'x' || c == 'X' || c == ':' || c == ',' || c.is_whitespace()
            })
            .filter(|square| !square.is_empty())
            .map(str::to_owned)
            .collect();
        let position = self.game.position();
        let entry = if squares.is_empty() {
            RouteEntry::NoMove
        } else {
            self.pending_route.enter(position, &squares)
        };
        match entry {
            RouteEntry::Complete(mv) => {
                let text = self.play(player, mv)?;
                return Ok(self.event(EventKind::Move, seat, text));
            }
            RouteEntry::InProgress => {
                let data = serde_json::to_string(self.pending_route.squares()).unwrap_or_default();
                return Ok(self.event(EventKind::Route, seat, data));
            }
            RouteEntry::NoMove => {}
        }
        let message = if self.pending_route.is_empty() {
            match position.parse_move(text) {
                Err(error) => error.to_string(),
                Ok(_) => format!("`{text}` is not a legal move here"),
            }
        } else {
            format!(
                "`{text}` does not go on with the capture {}: the next square is one of {}",
                self.pending_route.squares().join("x"),
                self.pending_route.next_squares(position).join(", ")
            )
        };
        Err(ApiError::illegal_move(message))
    }

    fn event(&self, kind: EventKind, seat: u8, data: String) -> Event {
        Event {
            kind,
            seat,
            data,
            at: 0,
        }
    }

    /// The clocks after `event` (stamped with its time), done when the
    /// side `to_move` was to move, in a game that went on (`live`).
    fn clock_after(&mut self, event: &Event, to_move: u8, live: bool) {
        let all_taken = self.config.seats.iter().all(|seat| seat.taken);
        let Some(clock) = &mut self.clock else { return };
        if event.kind == EventKind::Resume {
            clock.pause(event.data.parse().unwrap_or(0));
            return;
        }
        if live {
            clock.charge(to_move, event.at);
        }
        match event.kind {
            EventKind::Move => {
                clock.moved(event.seat);
                self.clock_log.push((event.seat.min(1), clock.remaining));
            }
            EventKind::Join if all_taken => clock.activate(event.at),
            EventKind::Timeout if event.data == "time" => {
                clock.remaining[usize::from(to_move.min(1))] = 0;
            }
            EventKind::Undo => {
                let plies: usize = event.data.parse().unwrap_or(0);
                let keep = self.clock_log.len().saturating_sub(plies);
                self.clock_log.truncate(keep);
            }
            _ => {}
        }
    }

    /// Ends the game as a timeout or claim event of `seat` says.
    fn time_out(&mut self, kind: EventKind, seat: u8, data: &str) {
        self.ended = Some(match (kind, data) {
            (EventKind::Claim, "abort") => ServerEnd::Aborted {
                by: Self::other(seat),
            },
            (EventKind::Claim, draw) => ServerEnd::Claimed {
                by: seat,
                draw: draw == "draw",
            },
            (_, "abort") => ServerEnd::Aborted { by: seat },
            _ => ServerEnd::Time { loser: seat },
        });
        self.pending_route.clear();
        self.undo_offer = None;
    }

    /// How many plies an undo for `seat` takes back: its last move, and the
    /// opponent's reply if there is one.
    fn undo_plies(&self, seat: u8) -> Result<usize, ApiError> {
        let plies = if self.to_move_seat() == seat { 2 } else { 1 };
        if self.history.len() < plies {
            return Err(ApiError::conflict(if self.history.is_empty() {
                UndoError::<G::Player>::NothingToUndo.to_string()
            } else {
                format!("{} has no move to take back", Self::name(seat))
            }));
        }
        Ok(plies)
    }

    fn undo(&mut self, plies: usize) -> Result<(), ApiError> {
        for _ in 0..plies {
            self.game.undo().map_err(Self::undo_error)?;
            self.history.pop();
        }
        self.pending_route.clear();
        self.undo_offer = None;
        Ok(())
    }

    fn other(seat: u8) -> u8 {
        1 - seat.min(1)
    }

    fn result_view(&self) -> Option<ResultView> {
        if let Some(end) = self.ended {
            return Some(match end {
                ServerEnd::Time { loser } => {
                    let winner = Self::other(loser);
                    ResultView {
                        outcome: Self::name(winner).to_owned(),
                        reason: format!("{} ran out of time", Self::name(loser)),
                        pdn: if winner == 0 { "1-0" } else { "0-1" }.to_owned(),
                        termination: "time forfeit".to_owned(),
                    }
                }
                ServerEnd::Claimed { by, draw } => {
                    let left = Self::name(Self::other(by));
                    let (outcome, pdn) = match (draw, by) {
                        (true, _) => ("draw".to_owned(), "1/2-1/2"),
                        (false, 0) => (Self::name(by).to_owned(), "1-0"),
                        (false, _) => (Self::name(by).to_owned(), "0-1"),
                    };
                    let claimed = if draw { "a draw" } else { "the win" };
                    ResultView {
                        outcome,
                        reason: format!(
                            "{left} left the game; {} claimed {claimed}",
                            Self::name(by)
                        ),
                        pdn: pdn.to_owned(),
                        termination: "abandoned".to_owned(),
                    }
                }
                ServerEnd::Aborted { by } => ResultView {
                    outcome: "aborted".to_owned(),
                    reason: format!(
                        "aborted: {} made no first move in time; nobody loses",
                        Self::name(by)
                    ),
                    pdn: "*".to_owned(),
                    termination: "aborted".to_owned(),
                },
            });
        }
        let result = self.game.result()?;
        let outcome = match result.outcome {
            Outcome::Win(player) => G::player_name(player).to_owned(),
            Outcome::Draw => "draw".to_owned(),
        };
        let reason = match (result.outcome, result.reason) {
            (Outcome::Win(winner), EndReason::Resignation) => {
                format!("{} resigned", G::opponent(winner))
            }
            (_, EndReason::Agreement) => "draw agreed".to_owned(),
            (_, EndReason::Repetition) => "draw by threefold repetition".to_owned(),
            (_, EndReason::MoveLimit) => "draw by the move limit".to_owned(),
            (_, EndReason::Rules(_) | EndReason::Resignation) => result.to_string(),
        };
        let pdn = match result.outcome {
            Outcome::Win(player) if Self::seat_of(player) == 0 => "1-0",
            Outcome::Win(_) => "0-1",
            Outcome::Draw => "1/2-1/2",
        };
        Some(ResultView {
            outcome,
            reason,
            pdn: pdn.to_owned(),
            termination: "normal".to_owned(),
        })
    }
}

impl<G: Playable> LiveGame for Session<G> {
    fn clone_box(&self) -> Box<dyn LiveGame> {
        Box::new(self.clone())
    }

    fn spec(&self) -> GameSpec {
        self.spec
    }

    fn config(&self) -> &GameConfig {
        &self.config
    }

    fn act(&mut self, seat: u8, command: &Command, at: i64) -> Result<Event, ApiError> {
        if let Command::Rematch(step) = command {
            let mut event = self.rematch_step(seat.min(1), step)?;
            event.at = at;
            return Ok(event);
        }
        if self.ended.is_some() {
            return Err(ApiError::game_over());
        }
        let live = !self.is_over();
        let to_move = self.clock_seat();
        let mut event = match command {
            Command::Timeout => {
                let due = self.deadline().filter(|(deadline, _)| at >= *deadline);
                let Some((_, kind)) = due else {
                    return Err(ApiError::conflict("no clock has run out"));
                };
                let data = if kind == Deadline::Abort {
                    "abort"
                } else {
                    "time"
                };
                self.time_out(EventKind::Timeout, to_move, data);
                self.event(EventKind::Timeout, to_move, data.to_owned())
            }
            Command::Claim(draw) => {
                let opponent = Self::other(seat.min(1));
                if !live {
                    return Err(ApiError::game_over());
                }
                if self.config.seats[usize::from(opponent)].kind != SeatKind::Human {
                    return Err(ApiError::conflict(
                        "only a game against a person can be claimed",
                    ));
                }
                let opponent_name = Self::name(opponent);
                let moved = self.history.iter().any(|entry| entry.seat == opponent_name);
                let data = match (moved, *draw) {
                    (false, _) => "abort",
                    (true, true) => "draw",
                    (true, false) => "win",
                };
                self.time_out(EventKind::Claim, seat.min(1), data);
                self.event(EventKind::Claim, seat.min(1), data.to_owned())
            }
            Command::Resume(paused) => {
                let mut event = self.event(EventKind::Resume, 0, paused.to_string());
                event.at = at;
                self.clock_after(&event, to_move, live);
                return Ok(event);
            }
            _ => self.act_inner(seat, command)?,
        };
        event.at = at;
        self.clock_after(&event, to_move, live);
        Ok(event)
    }

    fn replay(&mut self, event: &Event) -> Result<(), String> {
        let live = !self.is_over();
        let to_move = self.clock_seat();
        if matches!(event.kind, EventKind::Timeout | EventKind::Claim) {
            self.time_out(event.kind, event.seat.min(1), &event.data);
        } else if event.kind != EventKind::Resume {
            self.replay_inner(event)?;
        }
        self.clock_after(event, to_move, live);
        Ok(())
    }

    fn deadline(&self) -> Option<(i64, Deadline)> {
        if self.is_over() {
            return None;
        }
        self.clock.as_ref()?.deadline(self.clock_seat())
    }

    fn clock_since(&self) -> Option<i64> {
        self.deadline()?;
        self.clock.as_ref().map(|clock| clock.since)
    }

    fn clock_running(&self) -> bool {
        !self.is_over() && self.clock.as_ref().is_some_and(Clock::running)
    }

    fn state(&self, id: &str, version: u64, now: i64) -> GameState {
        let mut state = self.state_at(id, version);
        if let Some(clock) = &self.clock {
            let to_move = (!self.is_over()).then(|| self.clock_seat());
            let left = clock.left(to_move, now);
            state.clocks = Some(
                (0..2u8)
                    .map(|seat| (Self::name(seat).to_owned(), left[usize::from(seat)]))
                    .collect(),
            );
            state.clock_running = to_move
                .filter(|_| clock.running())
                .map(|seat| Self::name(seat).to_owned());
            state.time_control = Some(clock.control.body());
        }
        state
    }

    fn record(&self, id: &str, names: &[Option<String>; 2]) -> String {
        let control = self.clock.as_ref().map(|clock| clock.control.tag());
        let date = pdn_date(self.config.created_ms);
        // Who sat where: PDN's White and Black (checkers' Red is Black), or
        // the seats' own names (Connect Four's X and O).
        let players: Vec<(String, String)> = (0..2u8)
            .map(|seat| {
                let config = &self.config.seats[usize::from(seat)];
                let who = match (config.kind, config.level) {
                    (SeatKind::Computer, Some(level)) => {
                        format!("rulebook computer, level {level}")
                    }
                    (SeatKind::Computer, None) => "rulebook computer".to_owned(),
                    (SeatKind::Human, _) if config.taken => names[usize::from(seat)]
                        .clone()
                        .unwrap_or_else(|| "human player".to_owned()),
                    (SeatKind::Human, _) => "?".to_owned(),
                };
                let tag = match Self::name(seat) {
                    "red" | "black" => "Black".to_owned(),
                    "white" => "White".to_owned(),
                    other => other.to_uppercase(),
                };
                (tag, who)
            })
            .collect();
        let mut tags = vec![
            ("Event", "rulebook-server casual game"),
            ("Site", "rulebook-server"),
            ("Date", date.as_str()),
            ("Round", id),
        ];
        for (tag, who) in &players {
            tags.push((tag.as_str(), who.as_str()));
        }
        if let Some(control) = &control {
            tags.push(("TimeControl", control.as_str()));
        }
        let text =
            G::record(&self.game, &tags).unwrap_or_else(|error| format!("no record: {error}"));
        // Columns as people number them, 1 to 7 (the crate's move text,
        // which the API and the consoles use, counts from 0).
        let text = if self.game.position().board().kind == BoardKind::Drop {
            columns_from_one(&text)
        } else {
            text
        };
        let pdn = self.ended.map(|_| {
            self.result_view()
                .map_or_else(|| "*".to_owned(), |result| result.pdn)
        });
        // The PDN clock extension names the clocks w and b.
        let letters = [0, 1].map(|seat| match Self::name(seat) {
            "black" | "red" | "x" => 'b',
            _ => 'w',
        });
        annotate_record(&text, &self.clock_log, letters, pdn.as_deref())
    }

    fn record_name(&self, id: &str) -> String {
        let date = pdn_date(self.config.created_ms).replace('.', "-");
        let game = self.spec.name().replace([':', ' '], "-");
        let short: String = id.chars().take(8).collect();
        format!("{game}-{date}-{short}")
    }

    fn free_seat(&self) -> Option<u8> {
        (0..2u8).find(|&seat| {
            let config = &self.config.seats[usize::from(seat)];
            config.kind == SeatKind::Human && !config.taken
        })
    }

    fn is_over(&self) -> bool {
        self.game.is_over() || self.ended.is_some()
    }

    fn seat_name(&self, seat: u8) -> &'static str {
        Self::name(seat)
    }

    fn computer_job(
        &self,
        millis_per_level: u64,
        now: i64,
        endgame: Option<&Databases>,
    ) -> Option<ComputerJob> {
        if self.is_over() {
            return None;
        }
        let (seat, judge) = match self.game.pending_draw_offer() {
            Some(offered_by) => (Self::other(Self::seat_of(offered_by)), true),
            None => (self.to_move_seat(), false),
        };
        let config = &self.config.seats[usize::from(seat)];
        if config.kind != SeatKind::Computer {
            return None;
        }
        let level = config.level.unwrap_or_else(G::default_level);
        let game = self.game.clone();
        let mut cap = Duration::from_millis(millis_per_level.saturating_mul(u64::from(level)));
        // On a clock the engine spends the library's budget (as the Hub
        // and DXP engines do), within the level's cap; a first move, before
        // the clock runs, gets a second at most.
        let on_clock = self
            .clock
            .as_ref()
            .and_then(|clock| engine_clock(clock, seat, now));
        if self.clock.is_some() && on_clock.is_none() {
            cap = cap.min(Duration::from_millis(FIRST_MOVE_THINKING_MS));
        }
        let oracle = endgame.and_then(Databases::oracle::<G>);
        let run = Box::new(move || {
            let Ok(mut engine) = game.position().engine(level) else {
                return EngineOutcome::Failed;
            };
            if let Some(oracle) = oracle {
                engine = engine.with_endgame(oracle);
            }
            let limits = engine.limits();
            let limits = Limits {
                time: Some(limits.time.map_or(cap, |time| time.min(cap))),
                ..limits
            };
            engine.set_limits(match on_clock {
                Some(clock) => limits.with_clock(clock),
                None => limits,
            });
            if judge {
                return EngineOutcome::Judge {
                    accept: engine.accepts_draw(&game),
                };
            }
            let thought = engine.think(&game);
            match thought.best_move {
                Some(mv) => EngineOutcome::Move {
                    text: game.position().move_text(mv),
                    depth: thought.depth,
                    score: thought.score.to_string(),
                },
                None => EngineOutcome::Failed,
            }
        });
        Some(ComputerJob { seat, run })
    }

    fn rematch_status(&self) -> RematchStatus {
        self.rematch.clone()
    }

    fn rematch_config(&self, at: i64) -> GameConfig {
        let [first, second] = self.config.seats.clone();
        let seats = [second, first].map(|seat| SeatConfig {
            taken: true,
            ..seat
        });
        GameConfig {
            seats,
            start: self.config.start.clone(),
            public: false,
            time_control: self.config.time_control,
            created_ms: at,
            first_move_ms: self.config.first_move_ms,
        }
    }
}

impl<G: Playable> Session<G> {
    fn act_inner(&mut self, seat: u8, command: &Command) -> Result<Event, ApiError> {
        let seat = seat.min(1);
        let player = Self::player(seat);
        match command {
            Command::Move(text) => self.enter_move(seat, text),
            Command::Engine(EngineOutcome::Move { text, .. }) => self.enter_move(seat, text),
            Command::Timeout | Command::Resume(_) | Command::Claim(_) | Command::Rematch(_) => {
                Err(ApiError::conflict("not a player's command"))
            }
            Command::Engine(EngineOutcome::Failed) => {
                Err(ApiError::unavailable("the computer could not think"))
            }
            Command::Draw(answer) => {
                let (action, kind) = match answer {
                    Answer::Ask => (Action::OfferDraw, EventKind::DrawOffer),
                    Answer::Accept => (Action::AcceptDraw, EventKind::DrawAccept),
                    Answer::Decline => (Action::DeclineDraw, EventKind::DrawDecline),
                };
                self.game.act(player, action).map_err(Self::match_error)?;
                if kind == EventKind::DrawOffer {
                    self.undo_offer = None;
                }
                Ok(self.event(kind, seat, String::new()))
            }
            Command::Engine(EngineOutcome::Judge { accept }) => {
                let (action, kind) = if *accept {
                    (Action::AcceptDraw, EventKind::DrawAccept)
                } else {
                    (Action::DeclineDraw, EventKind::DrawDecline)
                };
                self.game.act(player, action).map_err(Self::match_error)?;
                Ok(self.event(kind, seat, String::new()))
            }
            Command::Resign => {
                self.game
                    .act(player, Action::Resign)
                    .map_err(Self::match_error)?;
                self.pending_route.clear();
                self.undo_offer = None;
                Ok(self.event(EventKind::Resign, seat, String::new()))
            }
            Command::Undo(answer) => {
                let other = Self::other(seat);
                if *answer == Answer::Ask {
                    // The match's own refusals first (a resignation is final, ...).
                    if let Err(error) = self.game.clone().undo() {
                        return Err(Self::undo_error(error));
                    }
                }
                match answer {
                    Answer::Ask => {
                        if self.config.seats[usize::from(other)].kind == SeatKind::Computer {
                            let plies = self.undo_plies(seat)?;
                            self.undo(plies)?;
                            return Ok(self.event(EventKind::Undo, seat, plies.to_string()));
                        }
                        match self.undo_offer {
                            Some(asker) if asker == seat => {
                                return Err(ApiError::conflict(
                                    "you have already asked to take back your move",
                                ))
                            }
                            Some(_) => {
                                return Err(ApiError::conflict(
                                    "your opponent asked to take back a move: accept or decline it first",
                                ))
                            }
                            None => {}
                        }
                        let plies = self.undo_plies(seat)?;
                        // Check that the match allows it, without doing it.
                        let mut probe = self.game.clone();
                        for _ in 0..plies {
                            probe.undo().map_err(Self::undo_error)?;
                        }
                        self.undo_offer = Some(seat);
                        Ok(self.event(EventKind::UndoRequest, seat, String::new()))
                    }
                    Answer::Accept | Answer::Decline => {
                        let Some(asker) = self.undo_offer.filter(|&asker| asker == other) else {
                            return Err(ApiError::new(
                                StatusCode::CONFLICT,
                                "no_pending_offer",
                                "there is no undo request to answer",
                            ));
                        };
                        if *answer == Answer::Decline {
                            self.undo_offer = None;
                            return Ok(self.event(EventKind::UndoDecline, seat, String::new()));
                        }
                        let plies = self.undo_plies(asker)?;
                        self.undo(plies)?;
                        Ok(self.event(EventKind::Undo, seat, plies.to_string()))
                    }
                }
            }
            Command::Join(hash) => {
                let free = self.free_seat().ok_or_else(|| {
                    ApiError::conflict("this game has no free seat: both players are here")
                })?;
                let config = &mut self.config.seats[usize::from(free)];
                config.token_hash = Some(hash.clone());
                config.taken = true;
                Ok(self.event(EventKind::Join, free, hash.clone()))
            }
        }
    }

    fn replay_inner(&mut self, event: &Event) -> Result<(), String> {
        let seat = event.seat.min(1);
        let command = match event.kind {
            EventKind::RematchOffer => Command::Rematch(RematchStep::Offer),
            EventKind::RematchDecline => Command::Rematch(RematchStep::Decline),
            EventKind::Rematch => Command::Rematch(RematchStep::Agreed(event.data.clone())),
            EventKind::Timeout | EventKind::Resume | EventKind::Claim => return Ok(()),
            EventKind::Join => {
                let config = &mut self.config.seats[usize::from(seat)];
                config.token_hash = Some(event.data.clone());
                config.taken = true;
                return Ok(());
            }
            EventKind::Route => {
                let squares: Vec<String> =
                    serde_json::from_str(&event.data).map_err(|error| error.to_string())?;
                self.pending_route = RouteSoFar::resume(self.game.position(), &squares)
                    .ok_or_else(|| format!("{} is no move in progress", squares.join("x")))?;
                return Ok(());
            }
            EventKind::Undo => {
                let plies: usize = event
                    .data
                    .parse()
                    .map_err(|_| "bad undo count".to_owned())?;
                return self.undo(plies).map_err(|error| error.message);
            }
            EventKind::UndoRequest => {
                self.undo_offer = Some(seat);
                return Ok(());
            }
            EventKind::UndoDecline => {
                self.undo_offer = None;
                return Ok(());
            }
            EventKind::Move => {
                let player = Self::player(seat);
                let mv = self
                    .game
                    .position()
                    .parse_move(&event.data)
                    .map_err(|error| error.to_string())?;
                return self
                    .play(player, mv)
                    .map(|_| ())
                    .map_err(|error| error.message);
            }
            EventKind::DrawOffer => Command::Draw(Answer::Ask),
            EventKind::DrawAccept => Command::Draw(Answer::Accept),
            EventKind::DrawDecline => Command::Draw(Answer::Decline),
            EventKind::Resign => Command::Resign,
        };
        if let Command::Rematch(step) = &command {
            return self
                .rematch_step(seat, step)
                .map(|_| ())
                .map_err(|error| error.message);
        }
        self.act_inner(seat, &command)
            .map(|_| ())
            .map_err(|error| error.message)
    }

    /// A rematch offer, refusal or agreement of `seat`: the event it makes.
    fn rematch_step(&mut self, seat: u8, step: &RematchStep) -> Result<Event, ApiError> {
        if !self.is_over() {
            return Err(ApiError::conflict(
                "the game is not over: a rematch is offered once it has ended",
            ));
        }
        if let Some(game) = &self.rematch.game {
            return Err(ApiError::conflict(format!(
                "the rematch is agreed already: game {game}"
            )));
        }
        let opponent = Self::other(seat);
        let opponent_seat = &self.config.seats[usize::from(opponent)];
        if !opponent_seat.taken {
            return Err(ApiError::conflict(
                "your opponent never took the seat: there is nobody to play a rematch with",
            ));
        }
        let computer = opponent_seat.kind == SeatKind::Computer;
        let offered_by_opponent = self.rematch.offered_by == Some(opponent);
        match step {
            RematchStep::Offer => {
                if self.rematch.offered_by == Some(seat) {
                    return Err(ApiError::conflict("you have offered a rematch already"));
                }
                if offered_by_opponent {
                    return Err(ApiError::conflict(
                        "your opponent offered a rematch: accept or decline it",
                    ));
                }
                self.rematch.offered_by = Some(seat);
                Ok(self.event(EventKind::RematchOffer, seat, String::new()))
            }
            RematchStep::Decline => {
                if !offered_by_opponent {
                    return Err(ApiError::new(
                        StatusCode::CONFLICT,
                        "no_pending_offer",
                        "there is no rematch offer to decline",
                    ));
                }
                self.rematch.offered_by = None;
                Ok(self.event(EventKind::RematchDecline, seat, String::new()))
            }
            RematchStep::Agreed(game) => {
                if !offered_by_opponent && !computer {
                    return Err(ApiError::new(
                        StatusCode::CONFLICT,
                        "no_pending_offer",
                        "there is no rematch offer to accept: offer one",
                    ));
                }
                self.rematch = RematchStatus {
                    offered_by: None,
                    game: Some(game.clone()),
                };
                Ok(self.event(EventKind::Rematch, seat, game.clone()))
            }
        }
    }

    fn state_at(&self, id: &str, version: u64) -> GameState {
        let position = self.game.position();
        let over = self.is_over();
        let legal_moves = if over {
            Vec::new()
        } else {
            position
                .legal_moves()
                .into_iter()
                .map(|mv| MoveView {
                    text: position.move_text(mv),
                    route: position.route(mv),
                    captured: position.captured(mv),
                })
                .collect()
        };
        let seats = (0..2u8)
            .map(|seat| {
                let config = &self.config.seats[usize::from(seat)];
                (
                    Self::name(seat).to_owned(),
                    SeatView {
                        kind: config.kind,
                        taken: config.taken,
                        level: config.level,
                    },
                )
            })
            .collect();
        let board = position.board();
        GameState {
            id: id.to_owned(),
            game: self.spec.to_string(),
            title: self.spec.title(),
            players: G::players().map(|p| G::player_name(p).to_owned()).to_vec(),
            seats,
            position: position.position_text(),
            board: BoardJson {
                kind: match board.kind {
                    BoardKind::Drop => "drop".to_owned(),
                    BoardKind::Squares => "squares".to_owned(),
                },
                rows: board.rows,
                columns: board.columns,
                bottom: G::player_at_bottom().map(|player| G::player_name(player).to_owned()),
                cells: board
                    .cells
                    .into_iter()
                    .map(|cell| CellJson {
                        row: cell.row,
                        column: cell.column,
                        label: cell.label,
                        piece: cell.piece.map(|piece| PieceJson {
                            player: piece.player,
                            king: piece.king,
                        }),
                    })
                    .collect(),
            },
            capture_word: G::capture_word().to_owned(),
            to_move: (!over).then(|| G::player_name(self.game.to_move()).to_owned()),
            legal_moves,
            pending_route: self.pending_route.squares().to_vec(),
            last_move: self.history.last().cloned(),
            history: self.history.clone(),
            offers: Offers {
                draw: self
                    .game
                    .pending_draw_offer()
                    .map(|p| G::player_name(p).to_owned()),
                undo: self.undo_offer.map(|seat| Self::name(seat).to_owned()),
            },
            result: self.result_view(),
            rematch: RematchView {
                offered_by: self
                    .rematch
                    .offered_by
                    .map(|seat| Self::name(seat).to_owned()),
                game: self.rematch.game.clone(),
            },
            public: self.config.public,
            time_control: None,
            clocks: None,
            clock_running: None,
            version,
        }
    }
}

/// A seat as the API shows it.
#[derive(Clone, Serialize, ToSchema)]
pub struct SeatView {
    /// Human or computer.
    pub kind: SeatKind,
    /// Whether a player holds it.
    pub taken: bool,
    /// The computer's level, for a computer seat.
    pub level: Option<u32>,
}

/// A legal move.
#[derive(Clone, Serialize, ToSchema)]
pub struct MoveView {
    /// In the game's notation.
    pub text: String,
    /// The squares it passes through, start first.
    pub route: Vec<String>,
    /// The squares of the pieces it captures.
    pub captured: Vec<String>,
}

/// A move played.
#[derive(Clone, Serialize, ToSchema)]
pub struct HistoryEntry {
    /// 1 for the first move.
    pub ply: usize,
    /// Who played it.
    pub seat: String,
    /// In the game's notation.
    pub text: String,
    /// The squares it passed through.
    pub route: Vec<String>,
    /// The squares of the pieces it took.
    pub captured: Vec<String>,
}

/// Pending offers.
#[derive(Clone, Serialize, ToSchema)]
pub struct Offers {
    /// The seat that offered a draw, waiting for an answer.
    pub draw: Option<String>,
    /// The seat that asked to take back a move, waiting for an answer.
    pub undo: Option<String>,
}

/// A finished game's rematch (`POST /api/games/{id}/rematch`).
#[derive(Clone, Serialize, ToSchema)]
pub struct RematchView {
    /// The seat that offered a rematch, waiting for the opponent's answer.
    pub offered_by: Option<String>,
    /// The rematch's game id, once agreed (the seats swapped: each
    /// player's token holds the other colour there).
    pub game: Option<String>,
}

/// How the game ended.
#[derive(Clone, Serialize, ToSchema)]
pub struct ResultView {
    /// The winner's seat, or `draw`.
    pub outcome: String,
    /// Why, in words.
    pub reason: String,
    /// `1-0` (first mover won), `0-1`, `1/2-1/2`, `*` (aborted).
    pub pdn: String,
    /// `normal`, `time forfeit` (a clock ran out: the game ended on time)
    /// or `aborted` (no first move in time), as PGN's `Termination` tag.
    pub termination: String,
}

/// A piece on a cell.
#[derive(Clone, Serialize, ToSchema)]
pub struct PieceJson {
    /// 0 for the first mover's, 1 for the other's.
    pub player: u8,
    /// A king.
    pub king: bool,
}

/// A cell of the board.
#[derive(Clone, Serialize, ToSchema)]
pub struct CellJson {
    /// The row, 0 at the top.
    pub row: u8,
    /// The column, 0 at the left.
    pub column: u8,
    /// The square's name, for a playable square of a squares board.
    pub label: Option<String>,
    /// The piece on it.
    pub piece: Option<PieceJson>,
}

/// What to draw.
#[derive(Clone, Serialize, ToSchema)]
pub struct BoardJson {
    /// `drop` (Connect Four, ConnectX) or `squares`.
    pub kind: String,
    /// Rows.
    pub rows: u8,
    /// Columns.
    pub columns: u8,
    /// The seat whose home side is drawn at the bottom (`white` in
    /// checkers and draughts); null when the board has no sides (Connect
    /// Four, Othello). A page turns the board over for the other seat.
    pub bottom: Option<String>,
    /// Every cell, row-major from the top-left corner.
    pub cells: Vec<CellJson>,
}

/// A game as the API shows it.
#[derive(Clone, Serialize, ToSchema)]
pub struct GameState {
    /// The game's id.
    pub id: String,
    /// The game's spec (`checkers`, `connectx:8x9x5`).
    pub game: String,
    /// Its title.
    pub title: String,
    /// The seats' names, first mover first.
    pub players: Vec<String>,
    /// Each seat, by name.
    pub seats: BTreeMap<String, SeatView>,
    /// The position's text (FEN, or the board text).
    pub position: String,
    /// The board to draw.
    pub board: BoardJson,
    /// The game's word for a capture (`jump` in checkers, `capture`
    /// elsewhere), for the page's messages.
    pub capture_word: String,
    /// The seat to move; `null` when the game is over.
    pub to_move: Option<String>,
    /// The legal moves.
    pub legal_moves: Vec<MoveView>,
    /// The hops entered so far of an unfinished multi-jump.
    pub pending_route: Vec<String>,
    /// The moves played.
    pub history: Vec<HistoryEntry>,
    /// The last move.
    pub last_move: Option<HistoryEntry>,
    /// Pending offers.
    pub offers: Offers,
    /// How it ended.
    pub result: Option<ResultView>,
    /// The rematch, after the end: an offer waiting, or the new game.
    pub rematch: RematchView,
    /// An open game (anyone may take its free seat) rather than a private
    /// invitation (only the invitation's link takes it).
    pub public: bool,
    /// The time control; null: no clocks.
    pub time_control: Option<TimeControlBody>,
    /// The milliseconds left on each seat's clock (by seat name) at the
    /// moment the state was sent; null: no clocks.
    pub clocks: Option<BTreeMap<String, i64>>,
    /// The seat whose clock is running (its time counts down from `clocks`).
    pub clock_running: Option<String>,
    /// Increments on every change.
    pub version: u64,
}

/// The computer's time for a move on its clock: a twentieth of what it has
/// left plus most of its increment, and never more than a quarter of what
/// it has left, so that it never loses on time.
/// The clock of `seat` as the library's engines read it (its time left and
/// increment), or `None` before the clock runs (the first moves).
fn engine_clock(clock: &Clock, seat: u8, now: i64) -> Option<rulebook::search::TimeControl> {
    if !clock.running() {
        return None;
    }
    let left = clock.left(Some(seat), now)[usize::from(seat.min(1))];
    let increment = match clock.control {
        TimeControl::Fischer { increment_ms, .. } => increment_ms,
        _ => 0,
    };
    let millis = |ms: i64| Duration::from_millis(u64::try_from(ms).unwrap_or(0));
    Some(rulebook::search::TimeControl {
        remaining: millis(left),
        increment: millis(increment),
        moves_to_go: None,
    })
}

/// How long the computer thinks over a first move, before its clock runs.
const FIRST_MOVE_THINKING_MS: u64 = 1_000;

/// `record` with each move's clock comment (`{[%clock w0:02:58 B0:03:00]}`:
/// both clocks after the move, the running one in capitals, as the PDN
/// clock extension lidraughts uses writes them) and, when the server ended
/// the game (on time, aborted), its result in place of the `*` the
/// match's record writes.
fn annotate_record(
    record: &str,
    clocks: &[(u8, [i64; 2])],
    letters: [char; 2],
    result: Option<&str>,
) -> String {
    let Some(split) = record.find("\n\n").map(|at| at + 2) else {
        return record.to_owned();
    };
    let (tags, moves) = record.split_at(split);
    let mut tags = tags.to_owned();
    if let Some(result) = result {
        tags = tags.replace("[Result \"*\"]", &format!("[Result \"{result}\"]"));
    }
    let mut out = Vec::new();
    let mut ply = 0;
    let tokens: Vec<&str> = moves.split_whitespace().collect();
    let last = tokens.len().saturating_sub(1);
    for (index, token) in tokens.iter().enumerate() {
        let is_result = matches!(
            *token,
            "*" | "1-0" | "0-1" | "1/2-1/2" | "2-0" | "0-2" | "1-1"
        );
        if index == last && is_result {
            out.push(result.unwrap_or(token).to_owned());
            continue;
        }
        out.push((*token).to_owned());
        if token.ends_with('.') || is_result {
            continue;
        }
        if let Some((mover, left)) = clocks.get(ply) {
            // After the move, the other side's clock runs: its letter in capitals.
            let words: Vec<String> = [0usize, 1]
                .into_iter()
                .map(|seat| {
                    let letter = letters[seat];
                    let letter = if seat == usize::from(*mover) {
                        letter
                    } else {
                        letter.to_ascii_uppercase()
                    };
                    format!("{letter}{}", hms(left[seat]))
                })
                .collect();
            out.push(format!("{{[%clock {}]}}", words.join(" ")));
        }
        ply += 1;
    }
    let mut text = tags;
    // Lines of at most about 80 characters.
    let mut line = String::new();
    for word in out {
        if !line.is_empty() && line.len() + 1 + word.len() > 80 {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    text.push_str(&line);
    text.push('\n');
    text
}

/// A drop game's record with its moves' columns counted from 1 (`1. 4 4
/// 2. 5`), as people and the solver notation number them, rather than
/// from 0 as the crate's move text does; the tags (and the FEN) unchanged.
fn columns_from_one(record: &str) -> String {
    let Some(split) = record.find("\n\n").map(|at| at + 2) else {
        return record.to_owned();
    };
    let (tags, moves) = record.split_at(split);
    let moves: Vec<String> = moves
        .split('\n')
        .map(|line| {
            line.split(' ')
                .map(|word| match word.parse::<u32>() {
                    Ok(column) if !word.is_empty() => (column + 1).to_string(),
                    _ => word.to_owned(),
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    format!("{tags}{}", moves.join("\n"))
}

/// The PDN date (`YYYY.MM.DD`, UTC) of Unix ms `ms`; `????.??.??` when
/// unknown (games from before clocks have no creation time in ms).
fn pdn_date(ms: i64) -> String {
    if ms <= 0 {
        return "????.??.??".to_owned();
    }
    // Howard Hinnant's days-to-civil algorithm.
    let days = ms.div_euclid(86_400_000) + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn drop_records_number_columns_from_one() {
        let record = "[Event \"e\"]\n[FEN \"6x7x4:0\"]\n\n1. 0 6 2. 3\n3. 2 1-0\n";
        assert_eq!(
            super::columns_from_one(record),
            "[Event \"e\"]\n[FEN \"6x7x4:0\"]\n\n1. 1 7 2. 4\n3. 3 1-0\n"
        );
    }

    #[test]
    fn pdn_dates() {
        assert_eq!(super::pdn_date(0), "????.??.??");
        assert_eq!(super::pdn_date(86_400_000), "1970.01.02");
        // 2026-12-03T10:00:00Z
        assert_eq!(super::pdn_date(1_796_292_000_000), "2026.12.03");
        // 2024-02-29T23:59:59Z
        assert_eq!(super::pdn_date(1_709_251_199_000), "2024.02.29");
    }
}
