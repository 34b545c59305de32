//! `Environment::write_waiting_observation`: the player not to act sees
//! its own pieces in the "own" planes, from its side of the board.

use rulebook::agent::Environment;
use rulebook::checkers::{HopByHop, OBSERVATION_SHAPE, OPPONENT_MEN_PLANE, OWN_MEN_PLANE};
use rulebook::connect4::{Connect4, OPPONENT_PLANE, OWN_PLANE};
use rulebook::connectx::{ConnectX, Parameters};

#[test]
fn connect4_waiting_player_sees_its_own_token_in_its_plane() {
    let mut env = Connect4::default();
    env.apply_action(3).unwrap(); // X in column 3; O to move, X waits.
    env.apply_action(3).unwrap(); // O on top of it; X to move, O waits.
    env.apply_action(0).unwrap(); // X in column 0; O to move, X waits.
    let shape = env.observation_shape();
    let mut waiting = vec![0.0; shape.len()];
    env.write_waiting_observation(&mut waiting).unwrap();
    let at = |plane, row, column| waiting[shape.index(plane, row, column).unwrap()];
    // X (waiting) owns (0,3) and (0,0); O owns (1,3).
    assert_eq!(at(OWN_PLANE, 0, 3), 1.0);
    assert_eq!(at(OWN_PLANE, 0, 0), 1.0);
    assert_eq!(at(OPPONENT_PLANE, 1, 3), 1.0);
    assert_eq!(waiting.iter().sum::<f32>(), 3.0);
}

#[test]
fn connectx_waiting_view_matches_connect4_at_6x7x4() {
    let mut c4 = Connect4::default();
    let mut cx = ConnectX::new(Parameters::new(6, 7, 4).unwrap());
    for action in [3, 3, 2, 6, 6] {
        c4.apply_action(action).unwrap();
        cx.apply_action(action).unwrap();
        let (mut a, mut b) = (vec![0.0; 84], vec![0.0; 84]);
        c4.write_waiting_observation(&mut a).unwrap();
        cx.write_waiting_observation(&mut b).unwrap();
        assert_eq!(a, b);
        assert!(cx.write_waiting_observation(&mut [0.0; 83]).is_err());
    }
}

#[test]
fn checkers_waiting_player_sees_its_men_on_its_home_rows() {
    // Red to move at the start; White waits, its men on squares 21-32 are
    // view squares 0-11 for White.
    let env = HopByHop::default();
    let mut waiting = vec![0.0; OBSERVATION_SHAPE.len()];
    env.write_waiting_observation(&mut waiting).unwrap();
    let plane = |p: usize| &waiting[p * 32..(p + 1) * 32];
    assert!(plane(OWN_MEN_PLANE)[..12].iter().all(|&v| v == 1.0));
    assert!(plane(OWN_MEN_PLANE)[12..].iter().all(|&v| v == 0.0));
    assert!(plane(OPPONENT_MEN_PLANE)[20..].iter().all(|&v| v == 1.0));
    assert_eq!(waiting.iter().sum::<f32>(), 24.0);
    // The acting player's view of the start is the same picture.
    let mut acting = vec![0.0; OBSERVATION_SHAPE.len()];
    env.write_observation(&mut acting).unwrap();
    assert_eq!(acting, waiting);
}
