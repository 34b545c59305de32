//! `Environment::reset`: each game's environment returns to its start
//! position (ConnectX keeping its size, a checkers jump in progress
//! dropped), and the conformance kit catches an environment whose reset
//! forgets a parameter chosen at run time.

use rulebook::agent::{ActionError, BufferSizeError, Environment, ObservationShape, Progress};
use rulebook::checkers::{Checkers, HopByHop, Square};
use rulebook::connect4::Connect4;
use rulebook::connectx::{ConnectX, Parameters};
use rulebook::testing::{check_environment, Config, Rule};
use rulebook::Game;

/// Plays the first legal action `count` times (or until the game ends).
fn play_first_actions<E: Environment>(env: &mut E, count: usize) {
    let mut mask = vec![false; env.action_count()];
    for _ in 0..count {
        env.legal_action_mask(&mut mask).unwrap();
        let Some(action) = mask.iter().position(|&legal| legal) else {
            break;
        };
        env.apply_action(action).unwrap();
    }
}

#[test]
fn connect4_resets_to_the_empty_board() {
    let mut env = Connect4::default();
    play_first_actions(&mut env, 9);
    assert_ne!(env, Connect4::default());
    env.reset();
    assert_eq!(env, Connect4::default());
}

#[test]
fn connectx_resets_to_the_empty_board_of_its_size() {
    for (rows, columns, in_a_row) in [(6, 7, 4), (8, 9, 5), (4, 5, 3), (16, 16, 16)] {
        let parameters = Parameters::new(rows, columns, in_a_row).unwrap();
        let mut env = ConnectX::new(parameters);
        let shape = env.observation_shape();
        play_first_actions(&mut env, 11);
        assert_ne!(env, ConnectX::new(parameters), "{parameters}");
        env.reset();
        assert_eq!(env, ConnectX::new(parameters), "{parameters}");
        assert_eq!(env.action_count(), columns, "{parameters}");
        assert_eq!(env.observation_shape(), shape, "{parameters}");
    }
}

#[test]
fn hop_by_hop_reset_drops_the_jump_in_progress() {
    // White to move with a double jump from 27: 27x18, then 18x9.
    let position = Checkers::from_fen("W:W27:B23,14").unwrap();
    let mut env = HopByHop::new(position);
    let first_hop = env
        .hop_action(Square::new(27).unwrap(), Square::new(18).unwrap())
        .unwrap();
    assert_eq!(env.apply_action(first_hop), Ok(Progress::Continues));
    assert!(env.jump_in_progress().is_some());
    env.reset();
    assert!(env.jump_in_progress().is_none());
    assert_eq!(env, HopByHop::default());
    assert_eq!(env.position(), &Checkers::default());
}

/// ConnectX as an environment that does not override `reset`: the
/// default returns to `ConnectX::default()`, 6x7x4, whatever the size.
#[derive(Clone, PartialEq, Debug)]
struct ForgetfulReset(ConnectX);

impl Environment for ForgetfulReset {
    type Game = ConnectX;
    type Actions = <ConnectX as Environment>::Actions;

    fn from_position(position: ConnectX) -> Self {
        ForgetfulReset(position)
    }
    fn position(&self) -> &ConnectX {
        &self.0
    }
    fn action_count(&self) -> usize {
        self.0.action_count()
    }
    fn observation_shape(&self) -> ObservationShape {
        self.0.observation_shape()
    }
    fn legal_action_mask(&self, mask: &mut [bool]) -> Result<(), BufferSizeError> {
        self.0.legal_action_mask(mask)
    }
    fn write_observation(&self, observation: &mut [f32]) -> Result<(), BufferSizeError> {
        self.0.write_observation(observation)
    }
    fn apply_action(
        &mut self,
        action: usize,
    ) -> Result<Progress<<ConnectX as Game>::Move>, ActionError> {
        self.0.apply_action(action)
    }
    fn actions_of_move(&self, mv: <ConnectX as Game>::Move) -> Result<Self::Actions, ActionError> {
        self.0.actions_of_move(mv)
    }
}

#[test]
fn the_kit_catches_a_reset_that_forgets_the_board_size() {
    let parameters = Parameters::new(5, 5, 4).unwrap();
    let config = Config::<ConnectX>::new()
        .seed(3)
        .playouts(4)
        .start_position(ConnectX::new(parameters));
    let violation = check_environment::<ForgetfulReset>(&config).unwrap_err();
    assert_eq!(violation.rule(), Rule::Reset, "{violation}");
    assert!(
        violation.to_string().contains("after reset: 7 actions"),
        "{violation}"
    );
    // At the default size the same environment keeps the contract.
    let summary = check_environment::<ForgetfulReset>(&Config::new().seed(3).playouts(4)).unwrap();
    assert_eq!(summary.playouts, 4);
    // And ConnectX itself, which keeps its size, keeps it at any size.
    check_environment::<ConnectX>(&config).unwrap();
}
