//! An independent solver to compare with: every position (both sides to
//! move, no half-turn, no index) set up through `Setup` and solved by
//! plain forward iteration to a fixed point over the crate's moves; every
//! value must equal the database's.

use std::collections::HashMap;

use rulebook::draughts::{
    Color, Draughts, EnglishRules, InternationalRules, ItalianRules, Piece, Role, Rules,
    RussianRules, Setup, Square,
};
use rulebook::endgame::{Tablebase, Value};
use rulebook::Game;

/// Every position of `R` with 1 to `pieces` pieces, either side to move.
fn every_position<R: Rules>(pieces: usize) -> Vec<Draughts<R>> {
    let squares: Vec<Square<R>> = Square::all().collect();
    let kinds = [
        Piece {
            color: Color::White,
            role: Role::Man,
        },
        Piece {
            color: Color::White,
            role: Role::King,
        },
        Piece {
            color: Color::Black,
            role: Role::Man,
        },
        Piece {
            color: Color::Black,
            role: Role::King,
        },
    ];
    let mut positions = Vec::new();
    // Squares in increasing order, each with a kind.
    fn place<R: Rules>(
        squares: &[Square<R>],
        kinds: &[Piece; 4],
        start: usize,
        left: usize,
        setup: &mut Setup<R>,
        out: &mut Vec<Draughts<R>>,
    ) {
        if left == 0 {
            for to_move in [Color::White, Color::Black] {
                setup.to_move = to_move;
                // The rules refuse men on their crowning rows.
                if let Ok(position) = Draughts::from_setup(setup) {
                    out.push(position);
                }
            }
            return;
        }
        for at in start..squares.len() {
            for &kind in kinds {
                setup.set(squares[at], Some(kind));
                place(squares, kinds, at + 1, left - 1, setup, out);
            }
            setup.set(squares[at], None);
        }
    }
    for n in 1..=pieces {
        let mut setup = Setup::empty(Color::White);
        place(&squares, &kinds, 0, n, &mut setup, &mut positions);
    }
    positions
}

/// Solves every position of up to `pieces` pieces by forward iteration
/// and compares with the databases.
fn compare<R: Rules>(pieces: usize) -> (usize, [usize; 3]) {
    let positions = every_position::<R>(pieces);
    let number: HashMap<Draughts<R>, usize> =
        positions.iter().enumerate().map(|(i, p)| (*p, i)).collect();
    let successors: Vec<Vec<usize>> = positions
        .iter()
        .map(|position| {
            position
                .legal_moves()
                .iter()
                .map(|&mv| number[&position.after(mv).unwrap()])
                .collect()
        })
        .collect();
    let mut value: Vec<Option<Value>> = vec![None; positions.len()];
    loop {
        let mut changed = false;
        for i in 0..positions.len() {
            if value[i].is_some() {
                continue;
            }
            let next = &successors[i];
            if next.iter().any(|&s| value[s] == Some(Value::Loss)) {
                value[i] = Some(Value::Win);
                changed = true;
            } else if next.iter().all(|&s| value[s] == Some(Value::Win)) {
                value[i] = Some(Value::Loss); // also with no move at all
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let tablebase = Tablebase::<R>::build_in_memory(pieces as u32, |_| {}).unwrap();
    let mut tally = [0; 3];
    for (position, value) in positions.iter().zip(&value) {
        let value = value.unwrap_or(Value::Draw);
        assert_eq!(
            tablebase.probe(position),
            Some(value),
            "{} {}",
            R::NAME,
            position.to_fen()
        );
        tally[match value {
            Value::Win => 0,
            Value::Loss => 1,
            Value::Draw => 2,
        }] += 1;
    }
    (positions.len(), tally)
}

#[test]
fn english_two_pieces() {
    let (count, _) = compare::<EnglishRules>(2);
    // Every board twice, once per side to move.
    assert_eq!(count, 2 * (120 + 6_972));
}

#[test]
fn flying_and_short_kings_two_pieces() {
    compare::<InternationalRules>(2);
    compare::<RussianRules>(2);
    compare::<ItalianRules>(2);
}

#[test]
#[ignore = "long: the long-checks run"]
fn english_three_pieces() {
    let (count, _) = compare::<EnglishRules>(3);
    assert_eq!(count, 2 * (120 + 6_972 + 261_224));
}

#[test]
#[ignore = "long: the long-checks run"]
fn international_three_pieces() {
    compare::<InternationalRules>(3);
}
