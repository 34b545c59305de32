//! `Game::key`: equal positions give equal keys, and distinct positions from
//! random games give distinct keys (the collision rates stated in the docs).
//!
//! The default run checks 100,000 distinct positions per game; the numbers
//! quoted in the docs come from the long run (4,000,000 per game):
//! `cargo test --release --all-features --test generic position_key -- --ignored`.

use std::collections::HashMap;

use rulebook::checkers::Checkers;
use rulebook::connect4::Connect4;
use rulebook::{Game, PositionHasher};

/// A small deterministic generator (64-bit LCG, high bits).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n
    }
}

/// Plays random games from `G::default()` until `wanted` distinct
/// positions have been seen; returns how many pairs of distinct positions
/// shared a key.
fn collisions_among<G: Game>(wanted: usize, max_plies: usize) -> usize {
    let mut by_key: HashMap<u64, G> = HashMap::with_capacity(wanted);
    let mut collisions = 0;
    let mut rng = Lcg(0x5eed);
    while by_key.len() < wanted {
        let mut game = G::default();
        for _ in 0..max_plies {
            let key = game.key();
            match by_key.get(&key) {
                Some(seen) if *seen != game => collisions += 1,
                Some(_) => {}
                None => {
                    by_key.insert(key, game.clone());
                }
            }
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.apply_unchecked(moves[rng.below(moves.len())]);
        }
    }
    collisions
}

#[test]
fn equal_positions_reached_by_different_orders_have_equal_keys() {
    let one = Connect4::from_moves("4453").unwrap();
    let other = Connect4::from_moves("5344").unwrap();
    assert_eq!(one, other);
    assert_eq!(one.key(), other.key());
    assert_ne!(one.key(), Connect4::from_moves("4435").unwrap().key());

    let kings = Checkers::from_fen("B:WK29,K32:BK1,K4").unwrap();
    let mut one = kings;
    let mut other = kings;
    for mv in ["1-6", "29-25", "4-8", "32-28"] {
        let mv = one.parse_move(mv).unwrap();
        one.apply(mv).unwrap();
    }
    for mv in ["4-8", "32-28", "1-6", "29-25"] {
        let mv = other.parse_move(mv).unwrap();
        other.apply(mv).unwrap();
    }
    assert_eq!(one, other);
    assert_eq!(one.key(), other.key());
    // Same pieces, other side to move: another position, another key.
    let flipped = Checkers::from_fen(&one.to_fen().replacen('B', "W", 1)).unwrap();
    assert_ne!(flipped, one);
    assert_ne!(flipped.key(), one.key());
}

#[test]
fn the_default_key_hashes_the_position_with_the_fixed_hasher() {
    use core::hash::{Hash, Hasher};

    /// A game that keeps the default key: a counter to 3.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
    struct Count(u8);
    impl Game for Count {
        type Player = u8;
        type Move = u8;
        type Moves = rulebook::MoveList<u8, 1>;
        type Ending = u8;
        const MAX_PLIES: Option<u32> = Some(3);
        fn to_move(&self) -> u8 {
            self.0 % 2
        }
        fn opponent(player: u8) -> u8 {
            1 - player
        }
        fn legal_moves(&self) -> Self::Moves {
            (self.0 < 3).then_some(1).into_iter().collect()
        }
        fn apply(&mut self, mv: u8) -> Result<(), rulebook::PlayError<u8>> {
            if self.0 >= 3 {
                return Err(rulebook::PlayError::GameOver);
            }
            if mv != 1 {
                return Err(rulebook::PlayError::IllegalMove(mv));
            }
            self.0 += 1;
            Ok(())
        }
        fn apply_unchecked(&mut self, _: u8) {
            self.0 += 1;
        }
        fn outcome(&self) -> Option<rulebook::Outcome<u8>> {
            (self.0 >= 3).then_some(rulebook::Outcome::Draw)
        }
        fn ending(&self) -> Option<u8> {
            (self.0 >= 3).then_some(0)
        }
    }

    let mut hasher = PositionHasher::new();
    Count(2).hash(&mut hasher);
    assert_eq!(Count(2).key(), hasher.finish());
    assert_ne!(Count(2).key(), Count(1).key());
}

#[test]
fn no_collisions_among_100_000_random_positions() {
    assert_eq!(collisions_among::<Connect4>(100_000, 42), 0);
    assert_eq!(collisions_among::<Checkers>(100_000, 200), 0);
}

/// The figures quoted in the docs of `Connect4::key` and `Checkers::key`.
#[test]
#[ignore = "long: 4,000,000 positions per game; run with --release --ignored"]
fn no_collisions_among_4_000_000_random_positions() {
    assert_eq!(collisions_among::<Connect4>(4_000_000, 42), 0);
    assert_eq!(collisions_among::<Checkers>(4_000_000, 200), 0);
}
