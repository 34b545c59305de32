//! Position counts and the king-against-king values.

use rulebook::draughts::{English, EnglishRules};
use rulebook::endgame::{Material, Tablebase, Value};
use rulebook::Game;

#[test]
fn english_counts_are_oeis_a055213() {
    // Source: OEIS A055213, positions of n pieces in checkers.
    let expected = [
        120u64,
        6_972,
        261_224,
        7_092_774,
        148_688_232,
        2_503_611_964,
    ];
    for (pieces, &count) in (1..).zip(expected.iter()) {
        assert_eq!(
            Tablebase::<EnglishRules>::positions(pieces),
            count,
            "{pieces} pieces"
        );
    }
}

#[test]
fn english_king_against_king() {
    let tablebase = Tablebase::<EnglishRules>::build_in_memory(2, |_| {}).unwrap();
    let material = Material::new(0, 1, 0, 1);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for white in 1..=32u8 {
        for black in 1..=32u8 {
            if white == black {
                continue;
            }
            let position = English::from_fen(&format!("W:WK{white}:BK{black}")).unwrap();
            assert_eq!(position.to_move(), rulebook::draughts::Color::White);
            match tablebase.probe(&position).unwrap() {
                Value::Win => wins += 1,
                Value::Draw => draws += 1,
                Value::Loss => losses += 1,
            }
        }
    }
    assert_eq!(wins + draws + losses, 992);
    assert_eq!(
        Tablebase::<EnglishRules>::material_positions(material),
        Some(992)
    );
    assert_eq!((wins, draws, losses), (230, 654, 108));
}

/// `Checkers` positions probe as the same `English` positions: Red is
/// the family's Black.
#[test]
fn checkers_positions_probe_as_english_ones() {
    use rulebook::checkers::Checkers;
    let tablebase = Tablebase::<EnglishRules>::build_in_memory(3, |_| {}).unwrap();
    for fen in [
        "W:WK1,K2:BK32",
        "B:WK1,K2:BK32",
        "W:W28:BK1",
        "B:W9,K13:B24",
        "W:W9:B24,K20",
    ] {
        let checkers = Checkers::from_fen(fen).unwrap();
        let english = English::from_fen(fen).unwrap();
        assert_eq!(
            tablebase.probe_checkers(&checkers),
            tablebase.probe(&english),
            "{fen}"
        );
        assert!(tablebase.probe(&english).is_some());
    }
}

/// One tablebase serves every thread of a search.
#[test]
fn a_tablebase_is_shared_between_threads() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Tablebase<EnglishRules>>();
    send_sync::<Tablebase<rulebook::draughts::InternationalRules>>();
}
