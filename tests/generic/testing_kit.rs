//! The conformance kit can fail: a small game of counting, written here as
//! any user would, passes the kit; each deliberately broken copy of it
//! (one flaw each, chosen by a const parameter) is caught, with the rule
//! it breaks, the position and the move.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::str::FromStr;

use rulebook::agent::{
    ActionError, Buffer, BufferSizeError, Environment, ObservationShape, Progress,
};
use rulebook::testing::{
    check_contract, check_environment, plain_perft, Config, ContractViolation, Rule,
};
use rulebook::{Game, MoveList, Outcome, PlayError};

/// The count to reach: whoever brings the counter to it wins.
const GOAL: u8 = 10;

/// The flaws, one per broken copy.
mod flaw {
    pub const NONE: u8 = 0;
    pub const DUPLICATE_MOVE: u8 = 1;
    pub const MOVES_AFTER_END: u8 = 2;
    pub const NO_ENDING: u8 = 3;
    pub const IS_OVER_WRONG: u8 = 4;
    pub const OUTCOME_OF_HISTORY: u8 = 5;
    pub const IS_LEGAL_WRONG: u8 = 6;
    pub const LEGAL_REFUSED: u8 = 7;
    pub const UNCHECKED_DIFFERS: u8 = 8;
    pub const AFTER_DIFFERS: u8 = 9;
    pub const TURN_NOT_PASSED: u8 = 11;
    pub const OPPONENT_IS_SELF: u8 = 12;
    pub const ILLEGAL_ACCEPTED: u8 = 13;
    pub const STATE_CHANGED_ON_REFUSAL: u8 = 14;
    pub const WRONG_ERROR: u8 = 15;
    pub const KEY_OF_HISTORY: u8 = 16;
    pub const HASH_OF_HISTORY: u8 = 17;
    pub const CONSTANT_KEY: u8 = 18;
    pub const MAX_PLIES_TOO_LOW: u8 = 19;
    pub const ALL_IRREVERSIBLE: u8 = 20;
    pub const PERFT_OFF_BY_ONE: u8 = 21;
    pub const TACTICAL_REVERSIBLE: u8 = 22;
    pub const WHY_ILLEGAL_SILENT: u8 = 23;
    // Environment flaws.
    pub const MASK_MARKS_ALL: u8 = 30;
    pub const ANY_BUFFER_SIZE: u8 = 31;
    pub const OBSERVATION_PARTLY_WRITTEN: u8 = 32;
    pub const REFUSED_ACTION_CHANGES_STATE: u8 = 33;
    pub const WRONG_MOVE_ACTIONS: u8 = 34;
    pub const CONTINUES_AFTER_MOVING: u8 = 35;
}

/// Counting to [`GOAL`]: each player in turn adds 1 or 2 or takes 1 back;
/// whoever reaches the goal wins. Positions recur (+1 then -1), and
/// different orders transpose (+1 +2 and +2 +1).
///
/// `last` is history, not position: equality ignores it (and so do the
/// key and the hash, except in the copies broken to use it).
#[derive(Clone, Copy, Debug, Default)]
struct Count<const FLAW: u8> {
    count: u8,
    second_to_move: bool,
    last: Option<Step>,
}

impl<const FLAW: u8> PartialEq for Count<FLAW> {
    fn eq(&self, other: &Self) -> bool {
        (self.count, self.second_to_move) == (other.count, other.second_to_move)
    }
}

impl<const FLAW: u8> Eq for Count<FLAW> {}

impl<const FLAW: u8> Hash for Count<FLAW> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.count, self.second_to_move).hash(state);
        if FLAW == flaw::HASH_OF_HISTORY {
            self.last.hash(state);
        }
    }
}

/// A move: add one, add two, take one back.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
enum Step {
    #[default]
    AddOne,
    AddTwo,
    TakeBack,
}

impl Step {
    const ALL: [Step; 3] = [Step::AddOne, Step::AddTwo, Step::TakeBack];
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Step::AddOne => "+1",
            Step::AddTwo => "+2",
            Step::TakeBack => "-1",
        })
    }
}

impl FromStr for Step {
    type Err = String;
    fn from_str(text: &str) -> Result<Step, String> {
        match text {
            "+1" => Ok(Step::AddOne),
            "+2" => Ok(Step::AddTwo),
            "-1" => Ok(Step::TakeBack),
            _ => Err(format!("{text:?} is not +1, +2 or -1")),
        }
    }
}

impl<const FLAW: u8> Count<FLAW> {
    /// The legal moves, the rules' own list.
    fn moves(&self) -> MoveList<Step, 4> {
        let mut moves = MoveList::new();
        if self.count == GOAL && FLAW != flaw::MOVES_AFTER_END {
            return moves;
        }
        for step in Step::ALL {
            let fits = match step {
                Step::AddOne => self.count < GOAL,
                Step::AddTwo => self.count + 2 <= GOAL,
                Step::TakeBack => self.count > 0,
            };
            if fits {
                moves.try_push(step).unwrap();
            }
        }
        if FLAW == flaw::DUPLICATE_MOVE && self.count < GOAL {
            moves.try_push(Step::AddOne).unwrap();
        }
        moves
    }

    fn play(&mut self, step: Step) {
        self.count = match step {
            Step::AddOne => self.count + 1,
            Step::AddTwo => self.count + 2,
            Step::TakeBack => self.count.saturating_sub(1),
        };
        if FLAW != flaw::TURN_NOT_PASSED {
            self.second_to_move = !self.second_to_move;
        }
        self.last = Some(step);
    }
}

impl<const FLAW: u8> Game for Count<FLAW> {
    /// `false`: the first player.
    type Player = bool;
    type Move = Step;
    type Moves = MoveList<Step, 4>;
    type Ending = &'static str;
    const MAX_PLIES: Option<u32> = if FLAW == flaw::MAX_PLIES_TOO_LOW {
        Some(3)
    } else {
        None
    };

    fn to_move(&self) -> bool {
        self.second_to_move
    }

    fn opponent(player: bool) -> bool {
        if FLAW == flaw::OPPONENT_IS_SELF {
            player
        } else {
            !player
        }
    }

    fn legal_moves(&self) -> Self::Moves {
        self.moves()
    }

    fn apply(&mut self, step: Step) -> Result<(), PlayError<Step>> {
        if FLAW == flaw::STATE_CHANGED_ON_REFUSAL {
            self.second_to_move = !self.second_to_move;
        }
        if FLAW == flaw::ILLEGAL_ACCEPTED {
            self.play(step);
            return Ok(());
        }
        if self.count == GOAL {
            return Err(PlayError::GameOver);
        }
        if FLAW == flaw::LEGAL_REFUSED && step == Step::AddTwo {
            return Err(PlayError::IllegalMove(step));
        }
        if !self.moves().contains(&step) {
            return Err(if FLAW == flaw::WRONG_ERROR {
                PlayError::GameOver
            } else {
                PlayError::IllegalMove(step)
            });
        }
        if FLAW == flaw::STATE_CHANGED_ON_REFUSAL {
            self.second_to_move = !self.second_to_move;
        }
        self.play(step);
        Ok(())
    }

    fn apply_unchecked(&mut self, step: Step) {
        self.play(step);
        if FLAW == flaw::UNCHECKED_DIFFERS && step == Step::AddTwo {
            self.count -= 1;
        }
    }

    fn outcome(&self) -> Option<Outcome<bool>> {
        // The broken copy lets the last step (history, which equality
        // ignores) decide the winner.
        let winner = if FLAW == flaw::OUTCOME_OF_HISTORY && self.last == Some(Step::AddTwo) {
            self.second_to_move
        } else {
            !self.second_to_move
        };
        (self.count == GOAL).then_some(Outcome::Win(winner))
    }

    fn ending(&self) -> Option<&'static str> {
        (self.count == GOAL && FLAW != flaw::NO_ENDING).then_some("the goal is reached")
    }

    fn is_over(&self) -> bool {
        FLAW != flaw::IS_OVER_WRONG && self.count == GOAL
    }

    fn is_legal(&self, step: Step) -> bool {
        FLAW == flaw::IS_LEGAL_WRONG || self.moves().contains(&step)
    }

    fn why_illegal(&self, step: Step) -> Option<String> {
        if FLAW == flaw::WHY_ILLEGAL_SILENT || self.moves().contains(&step) {
            None
        } else {
            Some(format!("{step} is not a legal move here"))
        }
    }

    fn after(&self, step: Step) -> Result<Self, PlayError<Step>> {
        let mut next = *self;
        next.apply(step)?;
        if FLAW == flaw::AFTER_DIFFERS {
            next.count = self.count;
        }
        Ok(next)
    }

    fn key(&self) -> u64 {
        match FLAW {
            flaw::CONSTANT_KEY => 0,
            flaw::KEY_OF_HISTORY => {
                let last = self.last.map_or(0, |step| step as u64 + 1);
                rulebook::mix64(u64::from(self.count) << 8 | last << 1 | self.second_to_move as u64)
            }
            _ => rulebook::mix64(u64::from(self.count) << 1 | self.second_to_move as u64),
        }
    }

    /// Nothing can never be undone: a step can always be taken back.
    fn is_irreversible(&self, _: Step) -> bool {
        FLAW == flaw::ALL_IRREVERSIBLE
    }

    /// No step captures anything (the broken copy calls every step
    /// tactical, though each can be taken back).
    fn is_tactical(&self, _: Step) -> bool {
        FLAW == flaw::TACTICAL_REVERSIBLE
    }

    fn perft(&self, depth: u32) -> u64 {
        let plain = plain_perft(self, depth);
        if FLAW == flaw::PERFT_OFF_BY_ONE && depth == 2 {
            plain + 1
        } else {
            plain
        }
    }
}

impl FromStr for Step2 {
    type Err = String;
    fn from_str(text: &str) -> Result<Step2, String> {
        match text {
            "+1" => Ok(Step2(Step::AddOne)),
            _ => Err(format!("{text:?} is not read")),
        }
    }
}

/// A move whose text does not parse back (`+2` and `-1` are written but
/// not read): the flaw of the copy below.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
struct Step2(Step);

impl fmt::Display for Step2 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// [`Count`] with the move type [`Step2`], for the text flaw.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
struct Unreadable(Count<{ flaw::NONE }>);

impl Game for Unreadable {
    type Player = bool;
    type Move = Step2;
    type Moves = MoveList<Step2, 4>;
    type Ending = &'static str;
    const MAX_PLIES: Option<u32> = None;

    fn to_move(&self) -> bool {
        self.0.to_move()
    }
    fn opponent(player: bool) -> bool {
        !player
    }
    fn legal_moves(&self) -> Self::Moves {
        self.0
            .legal_moves()
            .iter()
            .map(|&step| Step2(step))
            .collect()
    }
    fn apply(&mut self, mv: Step2) -> Result<(), PlayError<Step2>> {
        self.0.apply(mv.0).map_err(|error| match error {
            PlayError::GameOver => PlayError::GameOver,
            PlayError::IllegalMove(step) => PlayError::IllegalMove(Step2(step)),
        })
    }
    fn apply_unchecked(&mut self, mv: Step2) {
        self.0.apply_unchecked(mv.0);
    }
    fn outcome(&self) -> Option<Outcome<bool>> {
        self.0.outcome()
    }
    fn ending(&self) -> Option<&'static str> {
        self.0.ending()
    }
    fn is_irreversible(&self, _: Step2) -> bool {
        false
    }
}

/// One action per move: 0 = +1, 1 = +2, 2 = -1. Observation: one plane of
/// one row, one value per count 0..=GOAL (1.0 at the count).
const OBSERVATION: ObservationShape = ObservationShape::new(1, 1, GOAL as usize + 1);

impl<const FLAW: u8> Environment for Count<FLAW> {
    type Game = Self;
    type Actions = MoveList<usize, 1>;

    fn from_position(position: Self) -> Self {
        position
    }
    fn position(&self) -> &Self {
        self
    }
    fn action_count(&self) -> usize {
        Step::ALL.len()
    }
    fn observation_shape(&self) -> ObservationShape {
        OBSERVATION
    }
    fn legal_action_mask(&self, mask: &mut [bool]) -> Result<(), BufferSizeError> {
        if FLAW != flaw::ANY_BUFFER_SIZE {
            BufferSizeError::check(Buffer::Mask, Step::ALL.len(), mask.len())?;
        }
        for (action, slot) in mask.iter_mut().enumerate() {
            *slot = FLAW == flaw::MASK_MARKS_ALL
                || Step::ALL
                    .get(action)
                    .is_some_and(|step| self.moves().contains(step));
        }
        Ok(())
    }
    fn write_observation(&self, observation: &mut [f32]) -> Result<(), BufferSizeError> {
        BufferSizeError::check(Buffer::Observation, OBSERVATION.len(), observation.len())?;
        for (count, value) in observation.iter_mut().enumerate() {
            if FLAW == flaw::OBSERVATION_PARTLY_WRITTEN && count > usize::from(self.count) {
                break;
            }
            *value = f32::from(u8::from(count == usize::from(self.count)));
        }
        Ok(())
    }
    fn apply_action(&mut self, action: usize) -> Result<Progress<Step>, ActionError> {
        let count = Step::ALL.len();
        let step = *Step::ALL
            .get(action)
            .ok_or(ActionError::OutOfRange { action, count })?;
        let result = self.apply(step);
        if result.is_err() && FLAW == flaw::REFUSED_ACTION_CHANGES_STATE {
            self.second_to_move = !self.second_to_move;
        }
        match result {
            Ok(()) if FLAW == flaw::CONTINUES_AFTER_MOVING && step == Step::AddTwo => {
                Ok(Progress::Continues)
            }
            Ok(()) => Ok(Progress::Completed(step)),
            Err(PlayError::GameOver) => Err(ActionError::GameOver),
            Err(PlayError::IllegalMove(_)) => Err(ActionError::Illegal { action }),
        }
    }
    fn actions_of_move(&self, step: Step) -> Result<MoveList<usize, 1>, ActionError> {
        if self.count == GOAL {
            return Err(ActionError::GameOver);
        }
        if !self.moves().contains(&step) {
            return Err(ActionError::IllegalMove);
        }
        let action = if FLAW == flaw::WRONG_MOVE_ACTIONS {
            0
        } else {
            step as usize
        };
        Ok(MoveList::try_from_iter([action]).unwrap())
    }
}

fn config<const FLAW: u8>() -> Config<Count<FLAW>> {
    Config::new()
        .seed(11)
        .playouts(60)
        .max_plies(200)
        .candidate_moves(Step::ALL)
}

/// The kit's verdict on the copy with `FLAW`: the rule it reports.
fn broken_rule<const FLAW: u8>() -> Rule {
    match check_contract(&config::<FLAW>()) {
        Ok(summary) => panic!("flaw {FLAW} not caught: {summary:?}"),
        Err(violation) => violation.rule(),
    }
}

/// As [`broken_rule`], for the environment checks.
fn broken_environment_rule<const FLAW: u8>() -> Rule {
    match check_environment::<Count<FLAW>>(&config::<FLAW>()) {
        Ok(summary) => panic!("flaw {FLAW} not caught: {summary:?}"),
        Err(violation) => violation.rule(),
    }
}

#[test]
fn the_sound_game_passes() {
    let summary = check_contract(&config::<{ flaw::NONE }>()).unwrap();
    assert_eq!(summary.playouts, 60);
    assert_eq!(summary.finished_games, 60);
    // Every count 0..=GOAL, with either player to move.
    assert_eq!(summary.distinct_positions, 2 * (usize::from(GOAL) + 1));
    assert!(summary.illegal_moves_tried > 0);
    let summary = check_environment::<Count<{ flaw::NONE }>>(&config()).unwrap();
    assert_eq!(summary.finished_games, 60);
    // With text that does not parse back, only that is wrong.
    let violation = check_contract(&Config::<Unreadable>::new()).unwrap_err();
    assert_eq!(violation.rule(), Rule::MoveTextRoundTrip);
}

#[test]
fn each_flaw_breaks_its_rule() {
    assert_eq!(
        broken_rule::<{ flaw::DUPLICATE_MOVE }>(),
        Rule::DuplicateMove
    );
    assert_eq!(
        broken_rule::<{ flaw::MOVES_AFTER_END }>(),
        Rule::MovesIffOutcome
    );
    assert_eq!(broken_rule::<{ flaw::NO_ENDING }>(), Rule::EndingIffOutcome);
    assert_eq!(
        broken_rule::<{ flaw::IS_OVER_WRONG }>(),
        Rule::OutcomeQueries
    );
    assert_eq!(
        broken_rule::<{ flaw::OUTCOME_OF_HISTORY }>(),
        Rule::OutcomeOfEqualPositions
    );
    assert_eq!(
        broken_rule::<{ flaw::IS_LEGAL_WRONG }>(),
        Rule::IsLegalAgrees
    );
    assert_eq!(
        broken_rule::<{ flaw::LEGAL_REFUSED }>(),
        Rule::LegalMoveRefused
    );
    assert_eq!(
        broken_rule::<{ flaw::UNCHECKED_DIFFERS }>(),
        Rule::UncheckedDiffers
    );
    assert_eq!(broken_rule::<{ flaw::AFTER_DIFFERS }>(), Rule::AfterDiffers);
    assert_eq!(
        broken_rule::<{ flaw::TURN_NOT_PASSED }>(),
        Rule::PlayersAlternate
    );
    assert_eq!(
        broken_rule::<{ flaw::OPPONENT_IS_SELF }>(),
        Rule::PlayersAlternate
    );
    assert_eq!(
        broken_rule::<{ flaw::ILLEGAL_ACCEPTED }>(),
        Rule::IllegalMoveNotRefused
    );
    assert_eq!(
        broken_rule::<{ flaw::STATE_CHANGED_ON_REFUSAL }>(),
        Rule::StateChangedOnRefusal
    );
    assert_eq!(
        broken_rule::<{ flaw::WRONG_ERROR }>(),
        Rule::IllegalMoveNotRefused
    );
    assert_eq!(
        broken_rule::<{ flaw::KEY_OF_HISTORY }>(),
        Rule::KeyOfEqualPositions
    );
    assert_eq!(
        broken_rule::<{ flaw::HASH_OF_HISTORY }>(),
        Rule::HashOfEqualPositions
    );
    assert_eq!(broken_rule::<{ flaw::CONSTANT_KEY }>(), Rule::KeyCollision);
    assert_eq!(broken_rule::<{ flaw::MAX_PLIES_TOO_LOW }>(), Rule::MaxPlies);
    assert_eq!(
        broken_rule::<{ flaw::ALL_IRREVERSIBLE }>(),
        Rule::IrreversibleMoveUndone
    );
    assert_eq!(broken_rule::<{ flaw::PERFT_OFF_BY_ONE }>(), Rule::Perft);
    assert_eq!(
        broken_rule::<{ flaw::TACTICAL_REVERSIBLE }>(),
        Rule::TacticalReversible
    );
    assert_eq!(
        broken_rule::<{ flaw::WHY_ILLEGAL_SILENT }>(),
        Rule::WhyIllegalAgrees
    );
}

#[test]
fn lossy_round_trips_are_caught() {
    let lossy = config::<{ flaw::NONE }>().position_round_trip(|_| Ok(Count::default()));
    assert_eq!(
        check_contract(&lossy).unwrap_err().rule(),
        Rule::PositionRoundTrip
    );
    let failing = config::<{ flaw::NONE }>().position_round_trip(|_| Err("no format".into()));
    let violation = check_contract(&failing).unwrap_err();
    assert_eq!(violation.rule(), Rule::PositionRoundTrip);
    assert!(violation.detail().contains("no format"), "{violation}");
    let lossy = config::<{ flaw::NONE }>().move_round_trip(|_| Ok(Step::AddOne));
    assert_eq!(
        check_contract(&lossy).unwrap_err().rule(),
        Rule::MoveRoundTrip
    );
}

#[test]
fn each_environment_flaw_breaks_its_rule() {
    assert_eq!(
        broken_environment_rule::<{ flaw::MASK_MARKS_ALL }>(),
        Rule::ActionMask
    );
    assert_eq!(
        broken_environment_rule::<{ flaw::ANY_BUFFER_SIZE }>(),
        Rule::BufferSize
    );
    assert_eq!(
        broken_environment_rule::<{ flaw::OBSERVATION_PARTLY_WRITTEN }>(),
        Rule::Observation
    );
    assert_eq!(
        broken_environment_rule::<{ flaw::REFUSED_ACTION_CHANGES_STATE }>(),
        Rule::StateChangedOnRefusedAction
    );
    assert_eq!(
        broken_environment_rule::<{ flaw::WRONG_MOVE_ACTIONS }>(),
        Rule::MoveActionsRoundTrip
    );
    assert_eq!(
        broken_environment_rule::<{ flaw::CONTINUES_AFTER_MOVING }>(),
        Rule::ActingPlayer
    );
}

#[test]
fn a_report_names_the_rule_the_position_the_move_and_the_way_there() {
    let violation: ContractViolation =
        check_contract(&config::<{ flaw::LEGAL_REFUSED }>()).unwrap_err();
    assert_eq!(violation.rule(), Rule::LegalMoveRefused);
    assert_eq!(violation.move_text(), Some("+2"));
    assert_eq!(violation.seed(), 11);
    let report = violation.to_string();
    assert!(report.starts_with("rule broken: apply accepts every move of legal_moves()"));
    assert!(report.contains("move: +2"), "{report}");
    assert!(report.contains("seed 11"), "{report}");
    assert_eq!(format!("{violation:?}"), report);

    // A flaw seen only at the end of a game: the path leads there.
    let violation = check_contract(&config::<{ flaw::OUTCOME_OF_HISTORY }>()).unwrap_err();
    assert_eq!(violation.rule(), Rule::OutcomeOfEqualPositions);
    assert_eq!(violation.move_text(), None);
    assert!(violation.path().len() >= 5, "{violation}");
    let mut game = Count::<{ flaw::OUTCOME_OF_HISTORY }>::default();
    assert_eq!(violation.start(), format!("{game:?}"));
    for step in violation.path() {
        game.apply(step.parse().unwrap()).unwrap();
    }
    assert_eq!(violation.position(), format!("{game:?}"));
    assert_eq!(game.count, GOAL);
    println!("{violation}");
}

#[test]
fn buffer_size_errors_name_the_buffer_and_sizes() {
    let error = BufferSizeError::check(Buffer::Observation, 84, 83).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the observation buffer holds 83 values, but needs exactly 84"
    );
    assert_eq!(BufferSizeError::check(Buffer::Mask, 7, 7), Ok(()));
}
