//! `draughts::HopByHop`, every variant as a learning-agent environment:
//! the contract on random playouts, every legal move reachable hop by hop
//! and nothing else, flying kings' stops, the observation's planes.

use std::collections::HashSet;

use rulebook::agent::{ActionError, Environment, Progress};
use rulebook::checkers::{
    JUMPED_PLANE, JUMPING_PIECE_PLANE, OPPONENT_MEN_PLANE, OWN_KINGS_PLANE, OWN_MEN_PLANE,
};
use rulebook::draughts::{
    Color, Draughts, HopByHop, International, InternationalRules, Move, Rules, RulesVisitor,
    Russian, RussianRules, Square, Variant,
};
use rulebook::testing::{check_environment, Config};
use rulebook::Game;

/// Positions of fixed-rule play: every position of `games` games.
fn positions<R: Rules>(games: usize, plies: usize) -> Vec<Draughts<R>> {
    let mut all = Vec::new();
    for game in 0..games {
        let mut position = Draughts::<R>::default();
        all.push(position);
        for ply in 0..plies {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position.apply_unchecked(moves[(game * 7 + ply * 13 + ply / 3) % moves.len()]);
            all.push(position);
        }
    }
    all
}

fn mask<E: Environment>(env: &E) -> Vec<bool> {
    let mut mask = vec![false; env.action_count()];
    env.legal_action_mask(&mut mask).unwrap();
    mask
}

/// Every move reachable from `env` by legal actions (following every
/// hop), checking on the way that the mask is what `apply_action` takes.
fn reachable<R: Rules>(env: &HopByHop<R>, found: &mut HashSet<Move<R>>) {
    let mask = mask(env);
    for (action, &legal) in mask.iter().enumerate() {
        let mut next = *env;
        match next.apply_action(action) {
            Ok(Progress::Completed(mv)) => {
                assert!(legal, "{env:?}: action {action} played but not in the mask");
                found.insert(mv);
            }
            Ok(Progress::Continues) => {
                assert!(legal, "{env:?}: action {action} played but not in the mask");
                assert_eq!(next.position(), env.position());
                reachable(&next, found);
            }
            Err(error) => {
                assert!(
                    !legal,
                    "{env:?}: action {action} in the mask, refused: {error}"
                );
                assert_eq!(next, *env, "a refused action changed the environment");
            }
        }
    }
}

fn every_legal_move_and_nothing_else<R: Rules>(games: usize, plies: usize) {
    for position in positions::<R>(games, plies) {
        let env = HopByHop::new(position);
        let mut found = HashSet::new();
        reachable(&env, &mut found);
        let legal: HashSet<Move<R>> = position.legal_moves().iter().copied().collect();
        assert_eq!(found, legal, "{}: {}", R::NAME, position.to_fen());
        for &mv in &legal {
            let actions = env.actions_of_move(mv).unwrap();
            assert_eq!(env.move_of_actions(&actions), Ok(mv), "{mv}");
            let mut played = env;
            for &action in actions.iter() {
                played.apply_action(action).unwrap();
            }
            let mut after = position;
            after.apply_unchecked(mv);
            assert_eq!(played.position(), &after);
            assert!(played.capture_so_far().len() == 0);
        }
    }
}

/// The default run (unoptimised): one game a variant, fewer plies.
#[test]
fn every_variant_reaches_exactly_its_legal_moves_hop_by_hop_quick() {
    every_registered_variant(Reach(1, 40));
}

#[test]
#[ignore = "long unoptimised: the long-checks run"]
fn every_variant_reaches_exactly_its_legal_moves_hop_by_hop() {
    every_registered_variant(Reach(6, 70));
}

/// Runs `visitor` with the rules of every variant of the registry
/// (`draughts::Variant::ALL`, English on this engine included).
fn every_registered_variant<V: RulesVisitor + Copy>(visitor: V) {
    for variant in Variant::ALL {
        variant.visit_rules(visitor);
    }
}

/// [`every_legal_move_and_nothing_else`] of the visited rules.
#[derive(Clone, Copy)]
struct Reach(usize, usize);

impl RulesVisitor for Reach {
    type Output = ();
    fn visit<R: Rules>(self) {
        every_legal_move_and_nothing_else::<R>(self.0, self.1);
    }
}

/// [`keeps_the_contract`] of the visited rules.
#[derive(Clone, Copy)]
struct Contract(usize);

impl RulesVisitor for Contract {
    type Output = ();
    fn visit<R: Rules>(self) {
        keeps_the_contract::<R>(self.0);
    }
}

fn keeps_the_contract<R: Rules>(playouts: usize) {
    let config = Config::<Draughts<R>>::new()
        .seed(7)
        .playouts(playouts)
        .max_plies(150);
    let summary = check_environment::<HopByHop<R>>(&config).unwrap();
    assert_eq!(summary.playouts, playouts, "{}", R::NAME);
}

/// The default run (unoptimised): one playout a variant.
#[test]
fn every_variant_keeps_the_environment_contract_quick() {
    every_registered_variant(Contract(1));
}

#[test]
#[ignore = "long unoptimised: the long-checks run"]
fn every_variant_keeps_the_environment_contract() {
    every_registered_variant(Contract(8));
}

fn square<R: Rules>(text: &str) -> Square<R> {
    text.parse().unwrap()
}

#[test]
fn a_flying_king_stops_anywhere_between_two_pieces_on_a_line() {
    // White's king on a1 takes b2 and e5 on the long diagonal, stopping
    // on c3 or d4 between them: two action paths, one move (a1:f6, or on
    // to g7 or h8 beyond e5: three moves).
    let position = Russian::from_fen("W:WKa1:Bb2,e5").unwrap();
    let env = HopByHop::new(position);
    assert_eq!(env.action_count(), 32 * 4 * 7);
    let mut moves = HashSet::new();
    for stop in ["c3", "d4"] {
        let mut hopped = env;
        let first = env.hop_action(square("a1"), square(stop)).unwrap();
        assert_eq!(hopped.apply_action(first), Ok(Progress::Continues));
        let landings: Vec<String> = {
            let mask = mask(&hopped);
            let mut seen = Vec::new();
            for action in (0..mask.len()).filter(|&a| mask[a]) {
                let mut next = hopped;
                let Ok(Progress::Completed(mv)) = next.apply_action(action) else {
                    panic!("one piece is left: {action} completes the move")
                };
                moves.insert(mv);
                seen.push(mv.to().to_string());
            }
            seen
        };
        let mut landings = landings;
        landings.sort();
        assert_eq!(landings, ["f6", "g7", "h8"], "from {stop}");
        // The observation shows the king on its stop, b2 taken.
        let mut observation = vec![0.0; hopped.observation_shape().len()];
        hopped.write_observation(&mut observation).unwrap();
        let plane = |p: usize| &observation[p * 32..(p + 1) * 32];
        // White to act: the board turned 180°, view square 31 - index.
        let view = |s: &str| 31 - square::<RussianRules>(s).index();
        assert_eq!(plane(OWN_KINGS_PLANE)[view(stop)], 1.0);
        assert_eq!(plane(OWN_KINGS_PLANE).iter().sum::<f32>(), 1.0);
        assert_eq!(plane(JUMPING_PIECE_PLANE)[view(stop)], 1.0);
        assert_eq!(plane(JUMPED_PLANE)[view("b2")], 1.0);
        assert_eq!(plane(JUMPED_PLANE).iter().sum::<f32>(), 1.0);
        assert_eq!(plane(OPPONENT_MEN_PLANE).iter().sum::<f32>(), 2.0);
    }
    let legal: HashSet<_> = position.legal_moves().iter().copied().collect();
    assert_eq!(moves, legal);
    // Going back over the taken piece, or on past it, is no hop.
    let mut hopped = env;
    hopped
        .apply_action(env.hop_action(square("a1"), square("c3")).unwrap())
        .unwrap();
    let back = hopped.hop_action(square("c3"), square("a1")).unwrap();
    assert_eq!(
        hopped.apply_action(back),
        Err(ActionError::Illegal { action: back })
    );
    assert_eq!(
        hopped.actions_of_move(*legal.iter().next().unwrap()),
        Err(ActionError::IllegalMove)
    );
}

#[test]
fn the_majority_rule_offers_only_the_hops_of_the_longest_capture() {
    // White's man on 37 can take 31 alone (landing on 26), or 32 then 22
    // (landing on 28, then 17): only the two-piece capture is legal, so
    // the mask offers only its first hop, 37 to 28.
    let position = International::from_fen("W:W37:B31,32,22").unwrap();
    let legal = position.legal_moves();
    assert_eq!(legal.len(), 1);
    assert_eq!(legal[0].to_string(), "37x28x17");
    let env = HopByHop::new(position);
    let mask = mask(&env);
    let first_hops: HashSet<usize> = legal
        .iter()
        .map(|&mv| env.actions_of_move(mv).unwrap()[0])
        .collect();
    let marked: HashSet<usize> = (0..mask.len()).filter(|&a| mask[a]).collect();
    assert_eq!(marked, first_hops);
    let sq = |n: usize| Square::<InternationalRules>::from_index(n - 1).unwrap();
    assert_eq!(
        marked,
        HashSet::from([env.hop_action(sq(37), sq(28)).unwrap()])
    );
    let mut refused = env;
    let short = env.hop_action(sq(37), sq(26)).unwrap();
    assert_eq!(
        refused.apply_action(short),
        Err(ActionError::Illegal { action: short })
    );
}

#[test]
fn observations_show_each_side_from_its_home_rows() {
    let env = HopByHop::<InternationalRules>::default();
    let shape = env.observation_shape();
    assert_eq!(shape.to_string(), "6x10x5");
    assert_eq!(env.action_count(), 1800);
    let mut acting = vec![0.5; shape.len()];
    env.write_observation(&mut acting).unwrap();
    // White to act: its 20 men on 31-50 are its view squares 0-19.
    let plane = |o: &[f32], p: usize| o[p * 50..(p + 1) * 50].to_vec();
    assert!(plane(&acting, OWN_MEN_PLANE)[..20]
        .iter()
        .all(|&v| v == 1.0));
    assert!(plane(&acting, OWN_MEN_PLANE)[20..]
        .iter()
        .all(|&v| v == 0.0));
    assert!(plane(&acting, OPPONENT_MEN_PLANE)[30..]
        .iter()
        .all(|&v| v == 1.0));
    assert_eq!(acting.iter().sum::<f32>(), 40.0);
    let mut waiting = vec![0.5; shape.len()];
    env.write_waiting_observation(&mut waiting).unwrap();
    assert_eq!(waiting, acting, "the start is symmetric");
    assert!(env.write_observation(&mut [0.0; 299]).is_err());
    // After one move, the waiting side (White) still sees its pieces low.
    let mut env = env;
    let mv = env.position().parse_move("32-28").unwrap();
    for action in env.actions_of_move(mv).unwrap() {
        env.apply_action(action).unwrap();
    }
    assert_eq!(env.position().to_move(), Color::Black);
    env.write_waiting_observation(&mut waiting).unwrap();
    let own = plane(&waiting, OWN_MEN_PLANE);
    // Square 28 is index 27, White's view square 49 - 27 = 22.
    assert_eq!(own[22], 1.0);
    assert_eq!(own[49 - 31], 0.0);
}
