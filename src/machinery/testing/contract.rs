//! [`check_contract`]: the rules of the [`Game`] contract, checked on
//! random playouts.

use std::collections::{HashMap, HashSet};

use super::violation::Report;
use super::{CaptureIdentity, CaptureOf, CaptureRoutes, Config, ContractViolation, Rule};
use crate::key::hash_key;
use crate::{Game, PlayError, SplitMix64};

/// What a successful [`check_contract`] covered, so a test can also assert
/// that the check reached what it should (e.g. finished games).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[non_exhaustive]
pub struct Summary {
    /// Random games played.
    pub playouts: usize,
    /// Positions checked, counting repeats.
    pub positions: usize,
    /// Distinct positions among them.
    pub distinct_positions: usize,
    /// Playouts that reached the end of the game (the others stopped at
    /// [`Config::max_plies`]).
    pub finished_games: usize,
    /// The longest playout, in plies.
    pub longest_playout: usize,
    /// Moves tried in positions where they are not legal.
    pub illegal_moves_tried: usize,
}

/// Checks the [`Game`] contract for `G` on random playouts: every rule of
/// [`Rule`] up to [`Rule::MoveRoundTrip`] (the others are for
/// environments), in every position reached.
///
/// Per position: no duplicate moves; no capture listed twice (with
/// [`Config::capture_of`]); moves empty iff `outcome()` is
/// `Some`; `ending`, `is_over` and `outcome_for` agree with `outcome`;
/// `opponent` swaps the players; a copy has the same key, hash and
/// outcome; `perft` equals the plain count up to
/// [`Config::perft_depth`]. Per legal move: `is_legal`, `apply` accepts
/// it, `apply_unchecked` and `after` leave the same state, the opponent is
/// to move next, the text round-trips. Per other move (the candidates and
/// the moves legal elsewhere in the playout): `is_legal` is false, `apply`
/// and `after` refuse it with `IllegalMove(mv)` (`GameOver` in a finished
/// game) and the state is unchanged. Per playout: no position recurs after
/// an irreversible move, and a game from `G::default()` ends within
/// `MAX_PLIES`. Over the whole run: equal positions (transpositions
/// included) have equal keys, hashes and outcomes, different ones
/// different keys.
///
/// A finished game may be won by either player: the one who moved last
/// (Connect Four) or the one to move (a game scored by count, such as
/// Othello). The kit checks that the outcome depends on the position
/// alone, which is what generic code relies on when it scores a finished
/// position with [`Game::outcome_for`].
/// With round trips configured: positions and moves survive them.
///
/// Allocates freely (it is a test tool); the game's own methods are what
/// is checked.
///
/// # Errors
///
/// The first [`ContractViolation`] found, in playout order.
///
/// # Example
///
/// In a test of your own game (here Connect Four stands in for it):
///
/// ```
/// use rulebook::connect4::{Column, Connect4};
/// use rulebook::testing::{check_contract, Config};
///
/// let config = Config::<Connect4>::new()
///     .seed(7)
///     .playouts(20)
///     .perft_depth(3)
///     .candidate_moves(Column::ALL); // moves to try everywhere, legal or not
/// let summary = check_contract(&config).unwrap(); // a violation prints its full report
/// assert_eq!(summary.finished_games, 20);
/// assert!(summary.illegal_moves_tried > 0);
/// ```
pub fn check_contract<G: Game>(config: &Config<G>) -> Result<Summary, ContractViolation> {
    let mut run = Run::new(config);
    let mut rng = SplitMix64::new(config.seed);
    let starts = config.starts();
    for index in 0..config.playouts {
        let start = &starts[index % starts.len()];
        let playout = run.play_out(index, start, index % starts.len() == 0, &mut rng);
        run.check_playout(&playout)?;
    }
    Ok(run.summary)
}

/// One random game: the positions reached (the start first) and the moves
/// between them.
struct Playout<G: Game> {
    index: usize,
    /// Whether it started from `G::default()` (so `MAX_PLIES` applies).
    from_default: bool,
    positions: Vec<G>,
    moves: Vec<G::Move>,
}

/// The state of one [`check_contract`] run: the positions seen so far (for
/// the key rules) and the running summary.
struct Run<'c, G: Game> {
    config: &'c Config<G>,
    /// Every position seen, with its key: finds transpositions whatever
    /// the keys say.
    key_of_position: HashMap<G, u64>,
    /// Every key seen, with its position: finds equal positions whatever
    /// `Hash` says, and collisions.
    position_of_key: HashMap<u64, G>,
    summary: Summary,
}

impl<'c, G: Game> Run<'c, G> {
    fn new(config: &'c Config<G>) -> Self {
        Run {
            config,
            key_of_position: HashMap::new(),
            position_of_key: HashMap::new(),
            summary: Summary::default(),
        }
    }

    /// The report of `rule` broken at position `at` of `playout`.
    fn violation(
        &self,
        playout: &Playout<G>,
        at: usize,
        rule: Rule,
        mv: Option<G::Move>,
        detail: String,
    ) -> ContractViolation {
        Report {
            rule,
            detail,
            position: format!("{:?}", playout.positions[at]),
            move_text: mv.map(|mv| mv.to_string()),
            start: format!("{:?}", playout.positions[0]),
            path: playout.moves[..at]
                .iter()
                .map(ToString::to_string)
                .collect(),
            seed: self.config.seed,
            playout: playout.index,
        }
        .into()
    }

    /// Plays random legal moves from `start` with the checked `apply`
    /// until the game ends, the playout reaches its length, or `apply`
    /// refuses a listed move.
    fn play_out(
        &self,
        index: usize,
        start: &G,
        from_default: bool,
        rng: &mut SplitMix64,
    ) -> Playout<G> {
        let max_plies = match G::MAX_PLIES {
            Some(bound) if from_default => self.config.max_plies.min(bound as usize),
            _ => self.config.max_plies,
        };
        let mut playout = Playout {
            index,
            from_default,
            positions: vec![start.clone()],
            moves: Vec::new(),
        };
        while playout.moves.len() < max_plies {
            let at = playout.moves.len();
            let game = &playout.positions[at];
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            let mut next = game.clone();
            if next.apply(mv).is_err() {
                // The checks of this position will say which rule is
                // broken (a listed move refused, or moves in a finished
                // game).
                break;
            }
            playout.moves.push(mv);
            playout.positions.push(next);
        }
        playout
    }

    /// Every rule, in every position of `playout`.
    fn check_playout(&mut self, playout: &Playout<G>) -> Result<(), ContractViolation> {
        // The moves to try everywhere: the candidates, then every move
        // legal somewhere in this playout (so, usually illegal elsewhere),
        // in a fixed order so that a seed always reports the same failure.
        let mut pool = Vec::new();
        let mut in_pool = HashSet::new();
        let legal_somewhere = playout.positions.iter().flat_map(|p| p.legal_moves());
        for mv in self
            .config
            .candidate_moves
            .iter()
            .copied()
            .chain(legal_somewhere)
        {
            if in_pool.insert(mv) {
                pool.push(mv);
            }
        }
        for at in 0..playout.positions.len() {
            self.summary.illegal_moves_tried += self.check_position(playout, at, &pool)?;
            self.check_keys(playout, at)?;
        }
        self.check_irreversible_moves(playout)?;

        let plies = playout.moves.len();
        if let (true, Some(bound)) = (playout.from_default, G::MAX_PLIES) {
            if plies == bound as usize && !playout.positions[plies].is_over() {
                let detail = format!("the game goes on after MAX_PLIES = {bound} plies");
                return Err(self.violation(playout, plies, Rule::MaxPlies, None, detail));
            }
        }
        self.summary.playouts += 1;
        self.summary.positions += plies + 1;
        self.summary.distinct_positions = self.key_of_position.len();
        self.summary.longest_playout = self.summary.longest_playout.max(plies);
        self.summary.finished_games += usize::from(playout.positions[plies].is_over());
        Ok(())
    }

    /// The rules of one position, its legal moves and the other moves of
    /// `pool`. Returns how many moves of `pool` were tried as illegal.
    fn check_position(
        &self,
        playout: &Playout<G>,
        at: usize,
        pool: &[G::Move],
    ) -> Result<usize, ContractViolation> {
        let game = &playout.positions[at];
        let fail = |rule, mv, detail| Err(self.violation(playout, at, rule, mv, detail));
        let moves = game.legal_moves();
        let mut listed = HashSet::new();
        for &mv in moves.iter() {
            if !listed.insert(mv) {
                return fail(Rule::DuplicateMove, Some(mv), "listed twice".into());
            }
        }
        // Refilled over the list of the position before (a search reuses
        // one list a ply).
        let mut refilled = playout.positions[at.saturating_sub(1)].legal_moves();
        game.legal_moves_into(&mut refilled);
        if *refilled != *moves {
            let detail = format!("{} moves written, {} listed", refilled.len(), moves.len());
            return fail(Rule::MovesIntoAgrees, None, detail);
        }

        if let Some(capture_of) = self.config.capture_of {
            if let Err((first, second)) = check_distinct_captures(game, capture_of) {
                let detail = format!("{first} and {second} are the same capture");
                return fail(Rule::SameCaptureTwice, Some(second), detail);
            }
            if self.config.capture_routes == CaptureRoutes::OnePerResult {
                if let Err((first, second)) = check_one_move_per_result(game, capture_of) {
                    let detail =
                        format!("{first} and {second} take the same pieces to the same position");
                    return fail(Rule::SameResultTwice, Some(second), detail);
                }
            }
        }

        let outcome = game.outcome();
        if moves.is_empty() != outcome.is_some() {
            let detail = format!("{} legal moves, outcome() = {outcome:?}", moves.len());
            return fail(Rule::MovesIffOutcome, None, detail);
        }
        let ending = game.ending();
        if ending.is_some() != outcome.is_some() {
            let detail = format!("ending() = {ending:?}, outcome() = {outcome:?}");
            return fail(Rule::EndingIffOutcome, None, detail);
        }
        if game.is_over() != outcome.is_some() {
            let detail = format!("is_over() = {}, outcome() = {outcome:?}", game.is_over());
            return fail(Rule::OutcomeQueries, None, detail);
        }
        let to_move = game.to_move();
        let opponent = G::opponent(to_move);
        if opponent == to_move || G::opponent(opponent) != to_move {
            let detail = format!(
                "opponent({to_move}) = {opponent}, opponent({opponent}) = {}",
                G::opponent(opponent)
            );
            return fail(Rule::PlayersAlternate, None, detail);
        }
        for player in [to_move, opponent] {
            let expected = outcome.map(|outcome| outcome.for_player(player));
            if game.outcome_for(player) != expected {
                let detail = format!(
                    "outcome_for({player}) = {:?}, outcome() = {outcome:?}",
                    game.outcome_for(player)
                );
                return fail(Rule::OutcomeQueries, None, detail);
            }
        }
        let copy = game.clone();
        if copy.outcome() != outcome {
            let detail = format!(
                "a copy has outcome {:?}, the original {outcome:?}",
                copy.outcome()
            );
            return fail(Rule::OutcomeOfEqualPositions, None, detail);
        }
        if copy.key() != game.key() {
            let detail = format!(
                "a copy has key {:#x}, the original {:#x}",
                copy.key(),
                game.key()
            );
            return fail(Rule::KeyOfEqualPositions, None, detail);
        }
        if hash_key(&copy) != hash_key(game) {
            return fail(
                Rule::HashOfEqualPositions,
                None,
                "a copy hashes differently".into(),
            );
        }
        for depth in 0..=self.config.perft_depth {
            let (perft, plain) = (game.perft(depth), plain_perft(game, depth));
            if perft != plain {
                let detail = format!("perft({depth}) = {perft}, the plain count is {plain}");
                return fail(Rule::Perft, None, detail);
            }
        }
        if let Some(round_trip) = self.config.position_round_trip {
            match round_trip(game) {
                Ok(back) if back == *game && back.key() == game.key() => {}
                Ok(back) => {
                    let detail = format!("came back as {back:?} with key {:#x}", back.key());
                    return fail(Rule::PositionRoundTrip, None, detail);
                }
                Err(error) => {
                    let detail = format!("the round trip failed: {error}");
                    return fail(Rule::PositionRoundTrip, None, detail);
                }
            }
        }

        for &mv in moves.iter() {
            self.check_legal_move(playout, at, mv)?;
        }
        let mut tried = 0;
        for &mv in pool.iter().filter(|mv| !listed.contains(*mv)) {
            tried += 1;
            let expected = if outcome.is_some() {
                PlayError::GameOver
            } else {
                PlayError::IllegalMove(mv)
            };
            if game.is_legal(mv) {
                return fail(
                    Rule::IsLegalAgrees,
                    Some(mv),
                    "is_legal but not listed".into(),
                );
            }
            if game.why_illegal(mv).is_none() {
                return fail(
                    Rule::WhyIllegalAgrees,
                    Some(mv),
                    "why_illegal gave no reason".into(),
                );
            }
            let mut refused = game.clone();
            let result = refused.apply(mv);
            if result != Err(expected) {
                let detail = format!("apply returned {result:?}, expected Err({expected:?})");
                return fail(Rule::IllegalMoveNotRefused, Some(mv), detail);
            }
            if refused != *game {
                let detail = format!("the state became {refused:?}");
                return fail(Rule::StateChangedOnRefusal, Some(mv), detail);
            }
            let after = game.after(mv);
            if after != Err(expected) {
                let detail = format!("after returned {after:?}, expected Err({expected:?})");
                return fail(Rule::AfterDiffers, Some(mv), detail);
            }
        }
        Ok(tried)
    }

    /// The rules of one legal move `mv` of position `at`.
    fn check_legal_move(
        &self,
        playout: &Playout<G>,
        at: usize,
        mv: G::Move,
    ) -> Result<(), ContractViolation> {
        let game = &playout.positions[at];
        let fail = |rule, detail| Err(self.violation(playout, at, rule, Some(mv), detail));
        if !game.is_legal(mv) {
            return fail(Rule::IsLegalAgrees, "listed but not is_legal".into());
        }
        if let Some(reason) = game.why_illegal(mv) {
            return fail(
                Rule::WhyIllegalAgrees,
                format!("why_illegal said {reason:?}"),
            );
        }
        let text = mv.to_string();
        match text.parse::<G::Move>() {
            Ok(back) if back == mv => {}
            Ok(back) => {
                let detail = format!("{text:?} parses as {back:?}, not {mv:?}");
                return fail(Rule::MoveTextRoundTrip, detail);
            }
            Err(_) => {
                let detail = format!("{text:?} does not parse back ({mv:?})");
                return fail(Rule::MoveTextRoundTrip, detail);
            }
        }
        let mut checked = game.clone();
        if let Err(error) = checked.apply(mv) {
            return fail(Rule::LegalMoveRefused, format!("apply refused it: {error}"));
        }
        let mut unchecked = game.clone();
        unchecked.apply_unchecked(mv);
        if unchecked != checked {
            let detail = format!("apply leaves {checked:?}, apply_unchecked {unchecked:?}");
            return fail(Rule::UncheckedDiffers, detail);
        }
        match game.after(mv) {
            Ok(after) if after == checked => {}
            after => {
                let detail = format!("apply leaves {checked:?}, after returns {after:?}");
                return fail(Rule::AfterDiffers, detail);
            }
        }
        if game.is_tactical(mv) && !game.is_irreversible(mv) {
            let detail = "is_tactical but not is_irreversible".into();
            return fail(Rule::TacticalReversible, detail);
        }
        let (mover, next) = (game.to_move(), checked.to_move());
        if next != G::opponent(mover) {
            let detail = format!("{mover} moved and {next} is to move");
            return fail(Rule::PlayersAlternate, detail);
        }
        if let Some(round_trip) = self.config.move_round_trip {
            match round_trip(&mv) {
                Ok(back) if back == mv => {}
                Ok(back) => return fail(Rule::MoveRoundTrip, format!("came back as {back:?}")),
                Err(error) => {
                    return fail(
                        Rule::MoveRoundTrip,
                        format!("the round trip failed: {error}"),
                    )
                }
            }
        }
        Ok(())
    }

    /// Records the key of position `at`, checking it against every
    /// position seen so far in the run.
    fn check_keys(&mut self, playout: &Playout<G>, at: usize) -> Result<(), ContractViolation> {
        let game = &playout.positions[at];
        let key = game.key();
        if let Some((earlier, &earlier_key)) = self.key_of_position.get_key_value(game) {
            if earlier_key != key {
                let detail = format!(
                    "key {key:#x}, but {earlier_key:#x} for the equal position seen earlier"
                );
                return Err(self.violation(playout, at, Rule::KeyOfEqualPositions, None, detail));
            }
            let (outcome, earlier_outcome) = (game.outcome(), earlier.outcome());
            if outcome != earlier_outcome {
                let detail = format!(
                    "outcome {outcome:?}, but {earlier_outcome:?} for the equal position seen earlier"
                );
                let rule = Rule::OutcomeOfEqualPositions;
                return Err(self.violation(playout, at, rule, None, detail));
            }
        } else {
            self.key_of_position.insert(game.clone(), key);
        }
        if let Some(earlier) = self.position_of_key.get(&key) {
            if earlier != game {
                let detail = format!("key {key:#x} is also the key of {earlier:?}");
                return Err(self.violation(playout, at, Rule::KeyCollision, None, detail));
            }
            if hash_key(earlier) != hash_key(game) {
                let detail = "an equal position seen earlier hashes differently".to_owned();
                return Err(self.violation(playout, at, Rule::HashOfEqualPositions, None, detail));
            }
        } else {
            self.position_of_key.insert(key, game.clone());
        }
        Ok(())
    }

    /// No position of the playout recurs after an irreversible move.
    fn check_irreversible_moves(&self, playout: &Playout<G>) -> Result<(), ContractViolation> {
        // The first ply of each position, and the last irreversible move.
        let mut first_seen: HashMap<&G, usize> = HashMap::new();
        let mut last_irreversible: Option<usize> = None;
        for (ply, position) in playout.positions.iter().enumerate() {
            match first_seen.get(position) {
                Some(&earlier) if last_irreversible.is_some_and(|k| k >= earlier) => {
                    // The irreversible move right after the earlier visit.
                    let k = (earlier..ply)
                        .find(|&k| playout.positions[k].is_irreversible(playout.moves[k]))
                        .unwrap_or(earlier);
                    let mv = playout.moves[k];
                    let detail = format!(
                        "the position of ply {earlier} recurs at ply {ply}, \
                         after {mv}, called irreversible, at ply {k}"
                    );
                    return Err(self.violation(
                        playout,
                        ply,
                        Rule::IrreversibleMoveUndone,
                        Some(mv),
                        detail,
                    ));
                }
                Some(_) => {}
                None => {
                    first_seen.insert(position, ply);
                }
            }
            if let Some(&mv) = playout.moves.get(ply) {
                if position.is_irreversible(mv) {
                    last_irreversible = Some(ply);
                }
            }
        }
        Ok(())
    }
}

/// Checks that no two legal moves of `game` are the same capture: the same
/// start, end and pieces taken in the same order, as `capture_of` tells
/// them ([`Rule::SameCaptureTwice`]; [`check_contract`] runs it in every
/// position when [`Config::capture_of`] is set).
///
/// # Errors
///
/// The first two legal moves (in `legal_moves` order) that are one capture.
pub fn check_distinct_captures<G: Game>(
    game: &G,
    capture_of: CaptureOf<G>,
) -> Result<(), (G::Move, G::Move)> {
    let mut seen: HashMap<CaptureIdentity, G::Move> = HashMap::new();
    for &mv in game.legal_moves().iter() {
        if let Some(identity) = capture_of(game, &mv) {
            if let Some(&first) = seen.get(&identity) {
                return Err((first, mv));
            }
            seen.insert(identity, mv);
        }
    }
    Ok(())
}

/// Checks that no two legal moves of `game` are captures with the same
/// start, end and set of pieces taken (in any order, as `capture_of` tells
/// them) that leave the same position ([`Rule::SameResultTwice`]: the
/// draughts variants' rule; [`check_contract`] runs it in every position
/// when [`Config::capture_routes`] is
/// [`CaptureRoutes::OnePerResult`]).
///
/// # Errors
///
/// The first two legal moves (in `legal_moves` order) that are one
/// capture by different routes.
pub fn check_one_move_per_result<G: Game>(
    game: &G,
    capture_of: CaptureOf<G>,
) -> Result<(), (G::Move, G::Move)> {
    let mut seen: HashMap<CaptureIdentity, Vec<(G::Move, G)>> = HashMap::new();
    for &mv in game.legal_moves().iter() {
        if let Some(mut identity) = capture_of(game, &mv) {
            identity.taken.sort_unstable();
            let mut after = game.clone();
            after.apply_unchecked(mv);
            let same = seen.entry(identity).or_default();
            if let Some((first, _)) = same.iter().find(|(_, other)| *other == after) {
                return Err((*first, mv));
            }
            same.push((mv, after));
        }
    }
    Ok(())
}

/// Perft the slow, obvious way: `legal_moves` and `apply_unchecked` at
/// every ply, nothing counted in bulk. The reference that
/// [`check_contract`] compares every [`Game::perft`] with; use it to test a
/// faster perft of your own at depths the kit does not reach.
///
/// Never allocates on the heap.
pub fn plain_perft<G: Game>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    game.legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = game.clone();
            child.apply_unchecked(mv);
            plain_perft(&child, depth - 1)
        })
        .sum()
}
