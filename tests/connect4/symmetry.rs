//! Connect Four's left-right mirror and canonical form, against the board
//! queries and the rules.

use std::collections::HashSet;

use rulebook::connect4::{Column, Connect4, Symmetry};
use rulebook::{perft, Game};

/// Every position reached in exactly `plies` moves from the empty board.
fn positions_at(plies: usize) -> HashSet<Connect4> {
    let mut level = HashSet::from([Connect4::default()]);
    for _ in 0..plies {
        level = level
            .iter()
            .flat_map(|game| {
                game.legal_moves()
                    .into_iter()
                    .map(|mv| game.after(mv).unwrap())
            })
            .collect();
    }
    level
}

/// Positions from fixed-rule play, every position of each game.
fn sample() -> Vec<Connect4> {
    let mut all = Vec::new();
    for game in 0..30 {
        let mut position = Connect4::default();
        all.push(position);
        while let Some(&mv) = position
            .legal_moves()
            .get((game * 5 + position.plies() as usize * 3) % 7)
            .or(position.legal_moves().first())
        {
            position.apply(mv).unwrap();
            all.push(position);
        }
    }
    all
}

#[test]
fn columns_mirror() {
    let mirrored: Vec<usize> = Column::ALL.iter().map(|c| c.mirrored().index()).collect();
    assert_eq!(mirrored, [6, 5, 4, 3, 2, 1, 0]);
    assert_eq!(Symmetry::Identity.column(Column::ALL[1]), Column::ALL[1]);
    assert_eq!(Symmetry::Mirror.column(Column::ALL[1]), Column::ALL[5]);
}

#[test]
fn the_mirror_moves_every_token_across_and_keeps_the_rules() {
    for game in sample() {
        let mirror = game.mirrored();
        for row in 0..6 {
            for col in 0..7 {
                assert_eq!(
                    mirror.board().piece_at(row, col),
                    game.board().piece_at(row, 6 - col)
                );
            }
        }
        // A valid position, the same game state.
        assert_eq!(Connect4::from_board(*mirror.board()), Ok(mirror));
        assert_eq!(mirror.mirrored(), game);
        assert_eq!(mirror.to_move(), game.to_move());
        assert_eq!(mirror.outcome(), game.outcome());
        let mirrored_moves: Vec<Column> = game
            .legal_moves()
            .iter()
            .rev()
            .map(|c| c.mirrored())
            .collect();
        assert_eq!(&*mirror.legal_moves(), &mirrored_moves[..]);
        for mv in game.legal_moves() {
            assert_eq!(
                game.after(mv).unwrap().mirrored(),
                mirror.after(mv.mirrored()).unwrap()
            );
        }
        if game.plies() < 30 {
            assert_eq!(perft(&game, 3), perft(&mirror, 3));
        }
        assert_eq!(game.is_symmetric(), mirror == game);
    }
}

#[test]
fn canonical_forms_are_shared_by_mirrors_only() {
    for game in sample() {
        let (canonical, symmetry) = game.canonical();
        assert_eq!(game.mirrored().canonical().0, canonical);
        assert_eq!(symmetry.position(&game), canonical);
        assert_eq!(symmetry.position(&canonical), game, "its own inverse");
        assert_eq!(game.canonical_key(), canonical.key());
        assert_eq!(game.canonical_key(), game.mirrored().canonical_key());
        assert!(canonical.key() <= game.key());
    }
    // Burnside: positions up to the mirror are (all + symmetric) / 2.
    for plies in 0..=5 {
        let all = positions_at(plies);
        let symmetric = all.iter().filter(|game| game.is_symmetric()).count();
        let classes: HashSet<u64> = all.iter().map(Connect4::canonical_key).collect();
        assert_eq!(classes.len(), (all.len() + symmetric) / 2, "{plies} plies");
    }
    assert_eq!(
        positions_at(1)
            .iter()
            .map(Connect4::canonical_key)
            .collect::<HashSet<_>>()
            .len(),
        4
    );
    // After two plies only X and O both in the centre column is symmetric.
    assert_eq!(
        positions_at(2).iter().filter(|g| g.is_symmetric()).count(),
        1
    );
}
