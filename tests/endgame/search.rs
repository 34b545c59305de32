//! Cross-checks against search, on positions sampled with a seeded
//! generator: an exact depth-limited search (which proves wins and losses
//! within its depth, and knows nothing of the databases) never disagrees
//! with them; and won positions are played out to the end, both sides
//! choosing by `Tablebase::best_move`, the winner winning.

use std::collections::HashMap;

use rulebook::draughts::{Draughts, EnglishRules, InternationalRules, Rules, RussianRules};
use rulebook::endgame::{Material, Tablebase, Value};
use rulebook::Game;

/// A small seeded generator (SplitMix64), so the samples are the same on
/// every run.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// `Some(Win)` when the side to move wins within `depth` plies whatever
/// the opponent does, `Some(Loss)` when it loses within `depth`, `None`
/// when neither is proven at that depth.
fn search<R: Rules>(
    position: &Draughts<R>,
    depth: u32,
    memo: &mut HashMap<(Draughts<R>, u32), Option<Value>>,
) -> Option<Value> {
    if let Some(&known) = memo.get(&(*position, depth)) {
        return known;
    }
    let moves = position.legal_moves();
    let result = if moves.is_empty() {
        Some(Value::Loss)
    } else if depth == 0 {
        None
    } else {
        let mut all_lose = true;
        let mut win = false;
        for &mv in moves.iter() {
            match search(&position.after(mv).unwrap(), depth - 1, memo) {
                Some(Value::Loss) => {
                    win = true;
                    break;
                }
                Some(Value::Win) => {}
                _ => all_lose = false,
            }
        }
        if win {
            Some(Value::Win)
        } else if all_lose {
            Some(Value::Loss)
        } else {
            None
        }
    };
    memo.insert((*position, depth), result);
    result
}

/// A random position of `pieces` pieces: a random material, then a random
/// position of it, built from FEN text.
fn sample<R: Rules>(random: &mut SplitMix, pieces: u32) -> Draughts<R> {
    let materials = Material::all_of::<R>(pieces);
    loop {
        let material = materials[(random.next() % materials.len() as u64) as usize];
        let mut squares: Vec<usize> = Vec::new();
        let total = rulebook::draughts::Square::<R>::COUNT;
        while squares.len() < material.pieces() as usize {
            let square = (random.next() % total as u64) as usize + 1;
            if !squares.contains(&square) {
                squares.push(square);
            }
        }
        let counts = [
            material.mover_men,
            material.mover_kings,
            material.other_men,
            material.other_kings,
        ];
        let mut lists = [Vec::new(), Vec::new()];
        let mut at = 0;
        for (kind, &count) in counts.iter().enumerate() {
            for _ in 0..count {
                let king = if kind % 2 == 1 { "K" } else { "" };
                lists[kind / 2].push(format!("{king}{}", squares[at]));
                at += 1;
            }
        }
        let to_move = if random.next() % 2 == 0 { "W" } else { "B" };
        let (white, black) = if to_move == "W" {
            (&lists[0], &lists[1])
        } else {
            (&lists[1], &lists[0])
        };
        let fen = format!("{to_move}:W{}:B{}", white.join(","), black.join(","));
        // Men on their crowning row are refused: draw again.
        if let Ok(position) = Draughts::<R>::from_fen(&fen) {
            return position;
        }
    }
}

/// Samples `count` positions of `pieces` pieces and checks each against
/// a search of `depth` plies.
fn against_search<R: Rules>(pieces: u32, count: usize, depth: u32, seed: u64) {
    let tablebase = Tablebase::<R>::build_in_memory(pieces, |_| {}).unwrap();
    let mut random = SplitMix(seed);
    let mut memo = HashMap::new();
    let mut proven = 0;
    for _ in 0..count {
        let position = sample::<R>(&mut random, pieces);
        let stored = tablebase.probe(&position).unwrap();
        if let Some(found) = search(&position, depth, &mut memo) {
            assert_eq!(stored, found, "{} {}", R::NAME, position.to_fen());
            proven += 1;
        }
    }
    assert!(proven > 0, "the search proved nothing to compare");
}

/// Plays `count` sampled won positions out with `best_move` for both
/// sides: the side to move must win (its opponent left without a move)
/// within `limit` plies, its every position still a win.
fn play_out<R: Rules>(pieces: u32, count: usize, limit: u32, seed: u64) {
    let tablebase = Tablebase::<R>::build_in_memory(pieces, |_| {}).unwrap();
    let mut random = SplitMix(seed);
    let mut played = 0;
    while played < count {
        let start = sample::<R>(&mut random, pieces);
        if tablebase.probe(&start) != Some(Value::Win) {
            continue;
        }
        played += 1;
        let winner = start.to_move();
        let mut position = start;
        let mut plies = 0;
        loop {
            let verdict = tablebase.best_move(&position).unwrap();
            let (value, mv) = (verdict.value, verdict.best_move);
            let expected = if position.to_move() == winner {
                Value::Win
            } else {
                Value::Loss
            };
            assert_eq!(value, expected, "{} from {}", R::NAME, start.to_fen());
            let Some(mv) = mv else {
                assert_ne!(position.to_move(), winner);
                break;
            };
            position = position.after(mv).unwrap();
            plies += 1;
            assert!(
                plies <= limit,
                "{}: no win in {limit} plies from {} (at {})",
                R::NAME,
                start.to_fen(),
                position.to_fen()
            );
        }
    }
}

#[test]
fn english_three_pieces_against_search() {
    against_search::<EnglishRules>(3, 60, 7, 31);
}

#[test]
fn international_three_pieces_against_search() {
    against_search::<InternationalRules>(3, 30, 5, 32);
}

#[test]
#[ignore = "long: the long-checks run"]
fn deep_searches_agree() {
    against_search::<EnglishRules>(3, 400, 15, 33);
    against_search::<EnglishRules>(4, 100, 11, 34);
    against_search::<RussianRules>(3, 200, 9, 35);
    against_search::<InternationalRules>(3, 200, 9, 36);
}

#[test]
fn english_wins_are_played_out() {
    play_out::<EnglishRules>(3, 20, 200, 37);
}

#[test]
#[ignore = "long: the long-checks run"]
fn wins_are_played_out_in_every_game() {
    play_out::<EnglishRules>(4, 200, 400, 38);
    play_out::<InternationalRules>(3, 100, 400, 39);
    play_out::<RussianRules>(3, 100, 400, 40);
}
