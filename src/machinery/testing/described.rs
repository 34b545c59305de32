//! [`check_described`]: the rules of the [`Described`] contract (the front
//! doors' description of a game), checked on random playouts.

use std::collections::HashSet;

use super::violation::Report;
use super::{Config, ContractViolation, Rule, Summary};
use crate::catalog::{
    moves_with_route_prefix, BoardKind, BoardView, Described, GameSpec, GameVisitor,
};
use crate::{Match, SplitMix64};

/// Texts no game reads as a legal move: `parse_move` must refuse them
/// (and never panic).
const NOT_MOVES: [&str; 8] = ["", " ", "x", "-", "99-99", "1x", "zz9", "\u{e9}\u{e9}"];

/// A capture's identity for [`Rule::SameCaptureTwice`]: the first and last
/// labels of its route and the squares taken, in order.
type CaptureKey<'a> = (&'a str, &'a str, Vec<String>);

/// A tag name no record accepts: `record` must refuse it.
const BAD_TAG_NAME: &str = "not a name";

/// Checks the [`Described`] contract for `G` on random playouts from
/// `G::default()` and the config's extra start positions (the config's
/// seed, playouts, longest playout and candidate moves are used).
///
/// Once: the spec's text reads back to the spec and its visit starts a
/// game of the same spec with the first player to move; the players are
/// two, distinct, opponents, and their names read back (in any case)
/// while other text is refused; the default level is a level, the levels
/// next to the range are refused, the weakest engine finds a legal move
/// from the start.
///
/// Per position: the spec is the start's; the position text reads back to
/// the position; the board keeps [`BoardView`]'s invariants (every cell in
/// its place, labels unique, none on a drop board); every legal move's
/// text reads back to it, its route is non-empty (empty for a pass, the
/// only legal move then), made of board labels
/// (column indices on a drop board) and unique, and no route is a proper
/// prefix of another; [`moves_with_route_prefix`] of a route is that move
/// alone, of the empty route every move; a move's captured squares hold
/// the opponent's pieces, and as many of the opponent's pieces leave the
/// board; no two captures start and end on the same squares and take the
/// same pieces in the same order ([`Rule::SameCaptureTwice`]: one capture,
/// one move, so every described game with capture routes is checked for
/// it); `parse_move` returns legal moves only (tried with the texts of
/// the moves legal elsewhere and with text that is no move).
///
/// Per playout: the record of the playout's match is written, with the
/// caller's tag, and a bad tag name is refused.
///
/// # Errors
///
/// The first [`ContractViolation`] found, in playout order.
pub fn check_described<G: Described>(config: &Config<G>) -> Result<Summary, ContractViolation> {
    let mut summary = Summary::default();
    let mut rng = SplitMix64::new(config.seed);
    let starts = config.starts();
    check_once::<G>(config, &starts[0])?;
    let mut distinct = HashSet::new();
    for index in 0..config.playouts {
        let start = &starts[index % starts.len()];
        let mut walk = Walk {
            config,
            index,
            start: start.clone(),
            moves: Vec::new(),
        };
        let mut game = start.clone();
        let mut texts_elsewhere: Vec<String> = Vec::new();
        loop {
            summary.positions += 1;
            summary.illegal_moves_tried += walk.check_position(&game, &texts_elsewhere)?;
            distinct.insert(game.clone());
            let moves = game.legal_moves();
            if moves.is_empty() || walk.moves.len() >= config.max_plies {
                break;
            }
            texts_elsewhere.extend(moves.iter().map(|&mv| game.move_text(mv)));
            let mv = moves[rng.below(moves.len())];
            game.apply_unchecked(mv);
            walk.moves.push(mv);
        }
        walk.check_record(&game)?;
        summary.playouts += 1;
        summary.finished_games += usize::from(game.is_over());
        summary.longest_playout = summary.longest_playout.max(walk.moves.len());
    }
    summary.distinct_positions = distinct.len();
    Ok(summary)
}

/// The report of a rule broken outside any playout.
fn violation_at<G: Described>(
    config: &Config<G>,
    position: &G,
    rule: Rule,
    detail: String,
) -> ContractViolation {
    Report {
        rule,
        detail,
        position: format!("{position:?}"),
        move_text: None,
        start: format!("{position:?}"),
        path: Vec::new(),
        seed: config.seed,
        playout: 0,
    }
    .into()
}

/// What the spec's visit starts: its spec and whether the first player is
/// to move.
struct StartOf;

impl GameVisitor for StartOf {
    type Output = (GameSpec, bool);
    fn visit<H: Described>(self, start: H) -> (GameSpec, bool) {
        (start.spec(), start.to_move() == H::players()[0])
    }
}

/// The rules checked once per run: spec, players, levels.
fn check_once<G: Described>(config: &Config<G>, start: &G) -> Result<(), ContractViolation> {
    let fail = |rule, detail| Err(violation_at(config, start, rule, detail));
    let spec = start.spec();
    if spec.to_string().parse::<GameSpec>() != Ok(spec) {
        return fail(
            Rule::DescribedSpec,
            format!("the spec's text {spec} does not read back"),
        );
    }
    let (visited, first_to_move) = spec.visit(StartOf);
    if visited != spec || !first_to_move {
        let detail = format!(
            "visiting {spec} starts a game of spec {visited}, first player to move: {first_to_move}"
        );
        return fail(Rule::DescribedSpec, detail);
    }

    let players = G::players();
    if players[0] == players[1] || G::opponent(players[0]) != players[1] {
        return fail(Rule::DescribedPlayers, format!("players() is {players:?}"));
    }
    if G::default().to_move() != players[0] {
        let detail = format!(
            "the start has {} to move, not {}",
            G::default().to_move(),
            players[0]
        );
        return fail(Rule::DescribedPlayers, detail);
    }
    for player in players {
        let name = G::player_name(player);
        for text in [name.to_owned(), name.to_uppercase(), format!(" {name} ")] {
            if G::parse_player(&text) != Ok(player) {
                let detail = format!("parse_player({text:?}) is not {player}");
                return fail(Rule::DescribedPlayers, detail);
            }
        }
    }
    if G::parse_player("nobody").is_ok() {
        return fail(
            Rule::DescribedPlayers,
            "parse_player(\"nobody\") is Ok".into(),
        );
    }

    let levels = G::levels();
    if levels.is_empty() || !levels.contains(&G::default_level()) {
        let detail = format!("levels {levels:?}, default level {}", G::default_level());
        return fail(Rule::DescribedLevels, detail);
    }
    let below = levels.start().checked_sub(1);
    let above = levels.end().checked_add(1);
    for outside in below.into_iter().chain(above) {
        if start.engine(outside).is_ok() {
            return fail(
                Rule::DescribedLevels,
                format!("level {outside} gives an engine"),
            );
        }
    }
    if !start.is_over() {
        let Ok(mut engine) = start.engine(*levels.start()) else {
            return fail(
                Rule::DescribedLevels,
                format!("level {} is refused", levels.start()),
            );
        };
        let best = engine.think(start.clone()).best_move;
        if !best.is_some_and(|mv| start.is_legal(mv)) {
            let detail = format!("the weakest engine plays {best:?}");
            return fail(Rule::DescribedLevels, detail);
        }
    }
    Ok(())
}

/// One playout of [`check_described`]: where it started and the moves
/// played so far, for the reports.
struct Walk<'c, G: Described> {
    config: &'c Config<G>,
    index: usize,
    start: G,
    moves: Vec<G::Move>,
}

impl<G: Described> Walk<'_, G> {
    /// The report of `rule` broken in `game`, about `mv` if any.
    fn violation(
        &self,
        game: &G,
        rule: Rule,
        mv: Option<G::Move>,
        detail: String,
    ) -> ContractViolation {
        Report {
            rule,
            detail,
            position: format!("{game:?}"),
            move_text: mv.map(|mv| mv.to_string()),
            start: format!("{:?}", self.start),
            path: self.moves.iter().map(ToString::to_string).collect(),
            seed: self.config.seed,
            playout: self.index,
        }
        .into()
    }

    /// Every per-position rule; returns how many texts of other positions'
    /// moves and non-moves `parse_move` was tried with.
    fn check_position(
        &self,
        game: &G,
        texts_elsewhere: &[String],
    ) -> Result<usize, ContractViolation> {
        let fail = |rule, mv, detail| Err(self.violation(game, rule, mv, detail));
        if game.spec() != self.start.spec() {
            let detail = format!(
                "spec {} in a game of spec {}",
                game.spec(),
                self.start.spec()
            );
            return fail(Rule::DescribedSpec, None, detail);
        }
        let text = game.position_text();
        match game.parse_position(&text) {
            Ok(read) if read == *game => {}
            Ok(read) => {
                let detail = format!("position text {text:?} reads back as {read:?}");
                return fail(Rule::PositionTextRoundTrip, None, detail);
            }
            Err(error) => return fail(Rule::PositionTextRoundTrip, None, error.to_string()),
        }
        let board = game.board();
        if let Err(detail) = board_invariants(&board) {
            return fail(Rule::DescribedBoard, None, detail);
        }

        let moves = game.legal_moves();
        let mut routes = Vec::with_capacity(moves.len());
        for &mv in moves.iter() {
            let text = game.move_text(mv);
            if game.parse_move(&text).as_ref() != Ok(&mv) {
                let detail = format!(
                    "move text {text:?} reads back as {:?}",
                    game.parse_move(&text)
                );
                return fail(Rule::DescribedMoveText, Some(mv), detail);
            }
            let route = game.route(mv);
            // A pass (the only legal move then) puts nothing on the board.
            let is_lone_pass = route.is_empty() && moves.len() == 1;
            let on_board = if is_lone_pass {
                Ok(())
            } else {
                route_on_board(&route, &board)
            };
            if let Err(detail) = on_board {
                return fail(Rule::DescribedRoute, Some(mv), detail);
            }
            if let Err(detail) = self.check_captured(game, mv, &board) {
                return fail(Rule::DescribedCaptured, Some(mv), detail);
            }
            let continuing = moves_with_route_prefix(game, &route);
            if continuing != [mv] {
                let detail = format!("the moves with route {route:?} are {continuing:?}");
                return fail(Rule::DescribedRoute, Some(mv), detail);
            }
            routes.push(route);
        }
        if moves_with_route_prefix(game, &[]).as_slice() != &moves[..] {
            let detail = "the moves with the empty route are not the legal moves".into();
            return fail(Rule::DescribedRoute, None, detail);
        }
        for (i, route) in routes.iter().enumerate() {
            let clash = routes
                .iter()
                .enumerate()
                .find(|&(j, other)| i != j && other.starts_with(route));
            if let Some((j, other)) = clash {
                let detail = format!(
                    "route {route:?} is a prefix of {other:?} (move {})",
                    moves[j]
                );
                return fail(Rule::DescribedRoute, Some(moves[i]), detail);
            }
        }

        // One capture, one move: no two captures with the same start, end
        // and pieces taken in the same order (Rule::SameCaptureTwice).
        let mut captures: Vec<(G::Move, CaptureKey<'_>)> = Vec::new();
        for (&mv, route) in moves.iter().zip(&routes) {
            let taken = game.captured(mv);
            let (Some(start), Some(end)) = (route.first(), route.last()) else {
                continue;
            };
            if taken.is_empty() {
                continue;
            }
            let identity = (start.as_str(), end.as_str(), taken);
            if let Some((first, _)) = captures.iter().find(|(_, other)| *other == identity) {
                let detail = format!(
                    "moves {first} and {mv} both go from {} to {} taking {:?}",
                    identity.0, identity.1, identity.2
                );
                return fail(Rule::SameCaptureTwice, Some(mv), detail);
            }
            captures.push((mv, identity));
        }

        let mut tried = 0;
        let others = texts_elsewhere.iter().map(String::as_str).chain(NOT_MOVES);
        for text in others {
            if let Ok(mv) = game.parse_move(text) {
                if !game.is_legal(mv) {
                    let detail = format!("parse_move({text:?}) gives {mv}, which is not legal");
                    return fail(Rule::ParseMoveLegal, Some(mv), detail);
                }
            } else {
                tried += 1;
            }
        }
        Ok(tried)
    }

    /// `captured(mv)` names squares of the opponent's pieces, as many as
    /// leave the board.
    fn check_captured(&self, game: &G, mv: G::Move, board: &BoardView) -> Result<(), String> {
        let mover = player_index::<G>(game.to_move());
        let captured = game.captured(mv);
        for label in &captured {
            let piece = board.cell_labelled(label).and_then(|cell| cell.piece);
            if piece.map_or(true, |piece| piece.player == mover) {
                return Err(format!("captured square {label} holds {piece:?}"));
            }
        }
        let opponents = |board: &BoardView| {
            board
                .cells
                .iter()
                .filter(|cell| cell.piece.is_some_and(|piece| piece.player != mover))
                .count()
        };
        let mut after = game.clone();
        after.apply_unchecked(mv);
        let taken = opponents(board).saturating_sub(opponents(&after.board()));
        if taken != captured.len() {
            return Err(format!(
                "captured {captured:?}, but {taken} opponent pieces left the board"
            ));
        }
        Ok(())
    }

    /// The playout's record is written with a tag, and a bad tag refused.
    fn check_record(&self, last: &G) -> Result<(), ContractViolation> {
        let mut game = Match::new(self.start.clone());
        for &mv in &self.moves {
            if let Err(error) = game.play(mv) {
                // Draw rules are off in `Match::new`: every legal move plays.
                let detail = format!("the match refused a legal move: {error}");
                return Err(self.violation(last, Rule::DescribedRecord, Some(mv), detail));
            }
        }
        let tag = ("Event", "conformance kit");
        match G::record(&game, &[tag]) {
            Ok(record) if record.contains("[Event \"conformance kit\"]") => {}
            written => {
                let detail = format!("the record with an Event tag is {written:?}");
                return Err(self.violation(last, Rule::DescribedRecord, None, detail));
            }
        }
        if G::record(&game, &[(BAD_TAG_NAME, "x")]).is_ok() {
            let detail = format!("the record accepts the tag name {BAD_TAG_NAME:?}");
            return Err(self.violation(last, Rule::DescribedRecord, None, detail));
        }
        Ok(())
    }
}

/// 0 for the first player, 1 for the second, as [`PieceView`] counts them.
///
/// [`PieceView`]: crate::catalog::PieceView
fn player_index<G: Described>(player: G::Player) -> u8 {
    u8::from(player != G::players()[0])
}

/// [`BoardView`]'s invariants: `rows * columns` cells in row-major order,
/// labels unique, and none on a drop board.
fn board_invariants(board: &BoardView) -> Result<(), String> {
    let (rows, columns) = (usize::from(board.rows), usize::from(board.columns));
    if board.cells.len() != rows * columns {
        return Err(format!(
            "{} cells on a {rows}x{columns} board",
            board.cells.len()
        ));
    }
    let mut labels = HashSet::new();
    for (index, cell) in board.cells.iter().enumerate() {
        if (usize::from(cell.row), usize::from(cell.column)) != (index / columns, index % columns) {
            return Err(format!(
                "cell {index} says row {} column {}",
                cell.row, cell.column
            ));
        }
        if let Some(label) = &cell.label {
            if board.kind == BoardKind::Drop {
                return Err(format!("a drop board's cell is labelled {label}"));
            }
            if !labels.insert(label.as_str()) {
                return Err(format!("two cells are labelled {label}"));
            }
        }
        if cell.piece.is_some_and(|piece| piece.player > 1) {
            return Err(format!("a piece of player {:?}", cell.piece));
        }
    }
    Ok(())
}

/// A route is non-empty and made of the board's labels (column indices on
/// a drop board).
fn route_on_board(route: &[String], board: &BoardView) -> Result<(), String> {
    if route.is_empty() {
        return Err("the route is empty".into());
    }
    for square in route {
        let on_board = match board.kind {
            BoardKind::Drop => square
                .parse::<u8>()
                .is_ok_and(|column| column < board.columns),
            BoardKind::Squares => board.cell_labelled(square).is_some(),
        };
        if !on_board {
            return Err(format!("route square {square:?} is not on the board"));
        }
    }
    Ok(())
}
