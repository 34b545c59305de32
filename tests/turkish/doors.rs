//! Turkish draughts through the doors the library gives every game: the
//! catalog's registration (name, `Described`, hop-by-hop entry by route,
//! records) and the learning-agent environment ([`HopByHop`]).

use rulebook::agent::{Environment, Progress};
use rulebook::catalog::{Described, GameSpec, GameVisitor, RouteEntry, RouteSoFar};
use rulebook::testing::{check_environment, Config};
use rulebook::turkish::{Color, HopByHop, Square, Turkish};
use rulebook::{Game, Match};

/// The king's five-piece capture that comes back over its start and over
/// b4, taken on the first leg (see `rules.rs`).
const CROSSING: &str = "W:WKb2:Bb4,d6,e3,c2,b7";

fn square(name: &str) -> Square {
    name.parse().unwrap()
}

fn labels(names: &[&str]) -> Vec<String> {
    names.iter().map(|name| (*name).to_owned()).collect()
}

/// (title, type name, start FEN, legal move texts) of the spec's game.
struct Start;
impl GameVisitor for Start {
    type Output = (String, String, Vec<String>);
    fn visit<G: Described>(self, start: G) -> Self::Output {
        let moves = start
            .legal_moves()
            .into_iter()
            .map(|mv| start.move_text(mv))
            .collect();
        (start.spec().title(), start.position_text(), moves)
    }
}

#[test]
fn the_catalog_names_turkish_and_starts_it() {
    let spec: GameSpec = "Turkish".parse().unwrap();
    assert_eq!(spec, GameSpec::Turkish);
    assert!(GameSpec::ALL.contains(&spec));
    assert_eq!(spec.type_name(), "Turkish");
    assert_eq!(spec.game_type(), Some(rulebook::turkish::GAME_TYPE));
    assert_eq!(GameSpec::from_game_type(30), Some(spec));
    let (title, fen, moves) = spec.visit(Start);
    assert_eq!(title, "Turkish draughts");
    assert_eq!(fen, Turkish::default().to_fen());
    assert_eq!(moves.len(), 8);
    assert!(moves.contains(&"d3-d4".to_owned()), "{moves:?}");
}

#[test]
fn a_game_is_created_a_move_played_and_a_capture_entered_hop_by_hop() {
    let game = Turkish::default();
    let step = Described::parse_move(&game, "d3-d4").unwrap();
    assert_eq!(game.route(step), ["d3", "d4"]);
    assert!(Described::captured(&game, step).is_empty());
    assert!(Described::parse_move(&game, "d3-d5").is_err());

    let game = Turkish::from_fen(CROSSING).unwrap();
    let mut route = RouteSoFar::new();
    for hop in [["b2", "b6"], ["b6", "e6"], ["e6", "e2"], ["e2", "b2"]] {
        assert_eq!(
            route.enter(&game, &labels(&hop)),
            RouteEntry::InProgress,
            "{hop:?}"
        );
    }
    assert_eq!(route.next_squares(&game), ["b8"]);
    let RouteEntry::Complete(mv) = route.enter(&game, &labels(&["b8"])) else {
        panic!("b8 completes the capture");
    };
    assert_eq!(game.route(mv), ["b2", "b6", "e6", "e2", "b2", "b8"]);
    assert_eq!(
        Described::captured(&game, mv),
        ["b4", "d6", "e3", "c2", "b7"]
    );
    assert_eq!(Described::move_text(&game, mv), "b2xb8");
    let after = game.after(mv).unwrap();
    assert_eq!(after.position_text(), "B:WKb8:B");
    let board = after.board();
    let king = board.cell(0, 1).unwrap();
    assert_eq!(king.label.as_deref(), Some("b8"));
    assert!(king.piece.unwrap().king);
}

#[test]
fn records_are_pdn_with_game_type_30_and_replay() {
    let mut played = Match::with_rules(Turkish::default(), Turkish::draw_rules());
    for text in ["d3-d4", "d6-d5"] {
        let mv = Described::parse_move(played.position(), text).unwrap();
        played.play(mv).unwrap();
    }
    let record = Turkish::record(&played, &[("Event", "doors")]).unwrap();
    assert!(record.contains("[GameType \"30\"]"), "{record}");
    assert!(record.contains("1. d3-d4 d6-d5"), "{record}");
    let game = rulebook::pdn::PdnReader::new(&record)
        .next()
        .unwrap()
        .unwrap();
    let replayed = rulebook::pdn::replay::<Turkish>(&game).unwrap();
    assert_eq!(replayed.position(), played.position());
    assert!(Turkish::record(&played, &[("Bad tag", "x")]).is_err());
}

#[test]
fn the_environment_plays_a_capture_one_piece_at_a_time() {
    let mut env = HopByHop::new(Turkish::from_fen(CROSSING).unwrap());
    let mut mask = vec![false; env.action_count()];
    let mut observation = vec![0.0; env.observation_shape().len()];
    let hops = [("b2", "b6"), ("b6", "e6"), ("e6", "e2"), ("e2", "b2")];
    for (from, to) in hops {
        let action = env.hop_action(square(from), square(to)).unwrap();
        env.legal_action_mask(&mut mask).unwrap();
        assert_eq!(mask.iter().filter(|&&legal| legal).count(), 1);
        assert!(mask[action], "{from}-{to}");
        assert_eq!(env.apply_action(action), Ok(Progress::Continues));
    }
    // b4, d6, e3 and c2 are taken: they have left the opponent's planes
    // and stand in the last plane; the king is on b2 again.
    env.write_observation(&mut observation).unwrap();
    let at = |plane: usize, name: &str| observation[plane * 64 + square(name).index()];
    for taken in ["b4", "d6", "e3", "c2"] {
        assert_eq!((at(2, taken), at(5, taken)), (0.0, 1.0), "{taken}");
    }
    assert_eq!((at(1, "b2"), at(4, "b2"), at(2, "b7")), (1.0, 1.0, 1.0));
    let last = env.hop_action(square("b2"), square("b8")).unwrap();
    let Ok(Progress::Completed(mv)) = env.apply_action(last) else {
        panic!("the fifth piece completes the move");
    };
    assert_eq!(mv.to_string(), "b2xb6xe6xe2xb2xb8");
    assert_eq!(env.position().to_fen(), "B:WKb8:B");
    assert!(env.position().is_over());

    // An action that follows no legal route changes nothing.
    let mut env = HopByHop::new(Turkish::from_fen(CROSSING).unwrap());
    let before = env;
    let wrong = env.hop_action(square("b2"), square("b3")).unwrap();
    assert!(env.apply_action(wrong).is_err());
    assert_eq!(env, before);
}

#[test]
fn black_sees_the_board_turned_and_its_forward_is_its_own() {
    let mut env = HopByHop::default();
    let step = Described::parse_move(env.position(), "d3-d4").unwrap();
    let [action] = env.actions_of_move(step).unwrap()[..] else {
        panic!("a step is one action");
    };
    env.apply_action(action).unwrap();
    assert_eq!(env.position().to_move(), Color::Black);
    // Black's mirror of d3-d4 is e6-e5: the same action number.
    let mirror = Described::parse_move(env.position(), "e6-e5").unwrap();
    assert_eq!(env.actions_of_move(mirror).unwrap()[..], [action]);
}

#[test]
fn the_environment_keeps_its_contract() {
    let config = Config::<Turkish>::new()
        .seed(33)
        .playouts(12)
        .max_plies(200)
        .start_position(Turkish::from_fen("W:WKb2,a1:Bb4,d6,e3,c2,b7,h8,Kh1").unwrap());
    let summary = check_environment::<HopByHop>(&config).unwrap();
    assert_eq!(summary.playouts, 12, "{summary:?}");
}
