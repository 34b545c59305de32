//! Killer, Breakthrough and Antidraughts: the variants played on
//! International's board and moves, each with the one rule that sets it
//! apart (the rules markers' docs name the sources), position by position.
//! Their generators are cross-checked against Scan 3.1's by
//! `scripts/crosscheck_scan.py`; the perft counts are in `perft.rs`.

use rulebook::draughts::{
    Antidraughts, Breakthrough, Color, Draughts, Ending, FenError, International, PositionError,
    Rules,
};
use rulebook::{Game, Outcome};

/// The legal moves as text, sorted.
fn moves<R: Rules>(fen: &str) -> Vec<String> {
    let position = Draughts::<R>::from_fen(fen).unwrap();
    let mut texts: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|mv| format!("{mv}"))
        .collect();
    texts.sort();
    texts
}

fn killer(fen: &str) -> Vec<String> {
    moves::<rulebook::draughts::KillerRules>(fen)
}

fn international(fen: &str) -> Vec<String> {
    moves::<rulebook::draughts::InternationalRules>(fen)
}

#[test]
fn a_killer_king_that_takes_a_king_last_stops_right_behind_it() {
    // King 15 takes king 20: International lets it stop on any of the
    // six squares beyond (24 to 47); Killer only on 24.
    let fen = "W:WK7,K15,43:BK20";
    assert_eq!(international(fen).len(), 6);
    assert_eq!(killer(fen), ["15x24"]);
    // Two kings on one line: the capture ends after king 38, directly
    // behind it (on 42, not 47).
    assert_eq!(killer("W:WK15:BK20,K38"), ["15x42"]);
    assert_eq!(international("W:WK15:BK20,K38").len(), 2);
}

#[test]
fn a_killer_king_that_takes_a_man_last_stops_anywhere_beyond() {
    // A man taken last: every square beyond, as in International.
    assert_eq!(killer("W:WK46:B37"), international("W:WK46:B37"));
    assert_eq!(killer("W:WK46:B37").len(), 7);
}

#[test]
fn a_killer_king_may_land_beyond_a_king_to_capture_on() {
    // King 46 takes king 37, lands on 28 (not right behind it, on 32) to
    // take man 22, then stops anywhere beyond the man; after king 22
    // instead, it stops on 17.
    assert_eq!(killer("W:WK46:BK37,22"), international("W:WK46:BK37,22"));
    assert_eq!(killer("W:WK46:BK37,22").len(), 3);
    assert_eq!(killer("W:WK46:BK37,K22"), ["46x28x17"]);
}

#[test]
fn breakthrough_ends_with_the_first_king() {
    // White's man on 6 steps to 1 and is crowned: White wins at once,
    // though Black still has pieces and moves.
    let mut game = Breakthrough::from_fen("W:W6,33:B18,19").unwrap();
    let crowning = game.parse_move("6-1").unwrap();
    game.apply(crowning).unwrap();
    assert_eq!(game.ending(), Some(Ending::KingCrowned));
    assert_eq!(game.outcome(), Some(Outcome::Win(Color::White)));
    assert!(game.legal_moves().is_empty());
    assert_eq!(rulebook::perft(&game, 1), 0);
    assert!(game
        .apply(game.legal_moves().first().copied().unwrap_or(crowning))
        .is_err());
    // The same move in International goes on.
    let mut international = International::from_fen("W:W6,33:B18,19").unwrap();
    international
        .apply(international.parse_move("6-1").unwrap())
        .unwrap();
    assert_eq!(international.outcome(), None);
}

#[test]
fn breakthrough_refuses_a_king_of_the_side_to_move() {
    // The side to move cannot have crowned: the game would be over.
    assert!(matches!(
        Breakthrough::from_fen("W:WK1,33:B18"),
        Err(FenError::Invalid(PositionError::KingToMove {
            color: Color::White,
            ..
        }))
    ));
    // The other side's king: the game is over, that side has won.
    let over = Breakthrough::from_fen("W:W33:BK48,18").unwrap();
    assert_eq!(over.outcome(), Some(Outcome::Win(Color::Black)));
    assert!(International::from_fen("W:WK1,33:B18").is_ok());
}

/// A side with no pieces, or blocked, has lost, as in International.
fn cannot_move_loses<R: Rules>() {
    for (fen, ending) in [
        ("B:W27,33:B", Ending::NoPieces),
        ("B:W50,44:B45", Ending::Blocked),
    ] {
        let game = Draughts::<R>::from_fen(fen).unwrap();
        assert_eq!(game.ending(), Some(ending), "{} {fen}", R::NAME);
        assert_eq!(game.outcome(), Some(Outcome::Win(Color::White)));
    }
}

#[test]
fn killer_and_breakthrough_are_lost_by_the_side_that_cannot_move() {
    cannot_move_loses::<rulebook::draughts::KillerRules>();
    cannot_move_loses::<rulebook::draughts::BreakthroughRules>();
    cannot_move_loses::<rulebook::draughts::InternationalRules>();
}

#[test]
fn antidraughts_is_won_by_the_side_that_cannot_move() {
    // No pieces left: that side wins.
    let game = Antidraughts::from_fen("B:W33:B").unwrap();
    assert_eq!(game.ending(), Some(Ending::NoPieces));
    assert_eq!(game.outcome(), Some(Outcome::Win(Color::Black)));
    assert_eq!(
        International::from_fen("B:W33:B").unwrap().outcome(),
        Some(Outcome::Win(Color::White))
    );
    // Blocked: Black's man on 45 (the edge) can only step to 50, which
    // White's man holds.
    let blocked = Antidraughts::from_fen("B:W50,44:B45").unwrap();
    assert_eq!(blocked.ending(), Some(Ending::Blocked));
    assert_eq!(blocked.outcome(), Some(Outcome::Win(Color::Black)));
}

#[test]
fn antidraughts_captures_are_compulsory_with_the_majority() {
    // The same moves as International: a capture must be taken, the one
    // taking the most pieces.
    for fen in [
        "W:WK46:BK37,22",
        "B:W25,27,28,30,32,33,34,35,37,38,K40,47:B6,9,12,13,14,16,17,18,19,K23,24,26",
    ] {
        assert_eq!(
            moves::<rulebook::draughts::AntidraughtsRules>(fen),
            international(fen)
        );
    }
}

/// Plays the last legal move each ply (men run forward, so the game ends)
/// until the match is over or 400 plies, writes it as PDN, and replays
/// the record: the same moves and result, and the variant's `GameType`.
fn pdn_round_trip<R: Rules>() {
    use rulebook::draughts::pdn::{replay, write_match};
    use rulebook::pdn::PdnReader;
    use rulebook::Match;
    let mut game = Match::with_rules(Draughts::<R>::default(), R::DRAW_RULES);
    for _ in 0..400 {
        if game.is_over() {
            break;
        }
        let moves = game.position().legal_moves();
        game.play(moves[moves.len() - 1]).unwrap();
    }
    assert!(game.is_over(), "{}", R::NAME);
    let text = write_match(&game, [("Event", "round trip")]).unwrap();
    assert!(
        text.contains(&format!("[GameType \"{}\"]", R::GAME_TYPE)),
        "{text}"
    );
    let record = PdnReader::new(&text).next().unwrap().unwrap();
    let replayed = replay::<R>(&record).unwrap();
    assert_eq!(replayed.history(), game.history(), "{}", R::NAME);
    assert_eq!(
        replayed.result().map(|r| r.outcome),
        game.result().map(|r| r.outcome),
        "{}",
        R::NAME
    );
}

#[test]
fn records_round_trip_with_their_game_type() {
    pdn_round_trip::<rulebook::draughts::KillerRules>();
    pdn_round_trip::<rulebook::draughts::BreakthroughRules>();
    pdn_round_trip::<rulebook::draughts::AntidraughtsRules>();
}

#[test]
fn a_record_of_another_variant_is_refused() {
    use rulebook::draughts::pdn::replay;
    use rulebook::pdn::PdnReader;
    let text = "[GameType \"20\"]\n1. 32-28 19-23 *\n";
    let record = PdnReader::new(text).next().unwrap().unwrap();
    assert!(replay::<rulebook::draughts::KillerRules>(&record).is_err());
    assert!(replay::<rulebook::draughts::InternationalRules>(&record).is_ok());
}
