//! The rules of each draughts variant, position by position (FEN): the
//! legal moves worked out by hand from the rules, square by square.
//!
//! Coordinates in comments are (row, column) as the board is drawn, row 0
//! at the top (Black's side), column 0 at White's left.

use rulebook::draughts::{
    Brazilian, Color, Czech, Draughts, International, Italian, Pool, Role, Rules, Russian, Spanish,
    Square,
};
use rulebook::Game;

/// The legal moves as text, sorted.
fn moves<G: FromFen>(fen: &str) -> Vec<String> {
    let position = G::from_fen_text(fen);
    let mut texts: Vec<String> = position
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    texts.sort();
    texts
}

/// The variant types, read from FEN.
trait FromFen: Game {
    fn from_fen_text(fen: &str) -> Self;
}

impl<R: Rules> FromFen for Draughts<R> {
    fn from_fen_text(fen: &str) -> Self {
        Draughts::from_fen(fen).unwrap()
    }
}

fn sorted(texts: &[&str]) -> Vec<String> {
    let mut texts: Vec<String> = texts.iter().map(|t| t.to_string()).collect();
    texts.sort();
    texts
}

#[test]
fn international_majority_capture() {
    // White man 33 (6,5) can take 28 (5,4) landing on 22, or 29 (5,6)
    // landing on 24 and then 19 (3,6) landing on 13: two pieces beat one.
    let fen = "W:W33:B28,29,19";
    assert_eq!(moves::<International>(fen), sorted(&["33x24x13"]));
    // Russian has no majority rule: both captures are legal.
    // (The same squares in Russian's 8x8 numbering are elsewhere, so the
    // free-choice check is on an 8x8 position below.)
}

#[test]
fn majority_counts_kings_and_men_the_same() {
    // The White king on 16 (3,0) can take the Black king on 21 (4,1) and
    // land only on 27 (32 is White's), from where nothing more is taken.
    // The man on 45 (8,9) takes the men on 40 and 29, landing on 34 then
    // 23. Two men beat one king.
    let fen = "W:WK16,32,45:BK21,40,29";
    assert_eq!(moves::<International>(fen), sorted(&["45x34x23"]));
    // Without the second man, one piece each: both are legal.
    assert_eq!(
        moves::<International>("W:WK16,32,45:BK21,40"),
        sorted(&["16x27", "45x34"])
    );
}

#[test]
fn turkish_strike_captured_pieces_stay_until_the_move_ends() {
    // White king 32 (6,3) on the long diagonal. Up-right it can take 23
    // (4,5) and land on 19, 14, 10 or 5; down-left it can take 41 (8,1)
    // and land on 46. Were 23 removed at once, the king could come back
    // down the diagonal from 19 and take 41 as well (a two-piece capture
    // that the majority rule would force). It may not: the captured piece
    // stays on 23 until the move ends, and blocks the way back.
    let fen = "W:WK32:B23,41";
    assert_eq!(
        moves::<International>(fen),
        sorted(&["32x19", "32x14", "32x10", "32x5", "32x46"])
    );
}

#[test]
fn a_piece_is_never_jumped_twice() {
    // Short kings (Italian numbering: 1 in the top-left corner). The White
    // king on 18 (4,2) takes 14 (3,3) to 11 (2,4), then 15 (3,5) to 20
    // (4,6), then 19 (4,4)... not on its diagonals; the ring 18-11-20-27
    // -18 needs 14, 15, 23 and 22 (the four pieces around 19): the king
    // goes round and back to 18, taking each once, either way round
    // (27 is (6,4), reached over 22): one move, as both ways take the
    // same pieces to the same square (the route first in square order).
    let fen = "W:WK18:B14,15,23,22";
    let legal = moves::<Italian>(fen);
    assert_eq!(legal, sorted(&["18x11x20x27x18"]), "{legal:?}");
    let position = Italian::from_fen(fen).unwrap();
    let every: Vec<String> = rulebook::draughts::EveryRoute(position)
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(every, sorted(&["18x11x20x27x18", "18x27x20x11x18"]));
    assert_eq!(
        position.parse_move("18x27x20x11x18"),
        Ok(position.legal_moves()[0])
    );
    // After either way round, all four pieces are gone and the king is back.
    let every_route = rulebook::draughts::EveryRoute(position);
    for mv in every_route.legal_moves() {
        let after = every_route.after(mv).unwrap().0;
        assert_eq!(after, position.after(position.legal_moves()[0]).unwrap());
        assert_eq!(after.piece_count(Color::Black), 0);
        assert_eq!(position.captured(&mv).len(), 4);
    }
}

#[test]
fn international_man_passing_the_far_row_is_not_crowned() {
    // The man on 12 (2,3) takes 8 (1,4) landing on 3 (0,5), on the far
    // row, and must go on: back over 9 (1,6) to 14 (2,7). It ends there a
    // man.
    let fen = "W:W12:B8,9,45";
    assert_eq!(moves::<International>(fen), sorted(&["12x3x14"]));
    let position = International::from_fen(fen).unwrap();
    let after = position
        .after(position.parse_move("12x14").unwrap())
        .unwrap();
    let square: Square<_> = "14".parse().unwrap();
    assert_eq!(after.piece_at(square).map(|p| p.role), Some(Role::Man));
    // Ending on the far row crowns it: without the piece on 9, 12x3 ends
    // there.
    let position = International::from_fen("W:W12:B8,45").unwrap();
    let after = position
        .after(position.parse_move("12x3").unwrap())
        .unwrap();
    assert_eq!(
        after.piece_at("3".parse().unwrap()).map(|p| p.role),
        Some(Role::King)
    );
}

#[test]
fn russian_man_crowned_during_a_capture_goes_on_as_a_king() {
    // White man b6 takes c7 landing on d8: crowned at once, it goes on as
    // a flying king down the d8-h4 diagonal over f6, landing on g5 or h4.
    let fen = "W:Wb6:Bc7,f6";
    assert_eq!(moves::<Russian>(fen), sorted(&["b6:d8:g5", "b6:d8:h4"]));
    let position = Russian::from_fen(fen).unwrap();
    let after = position
        .after(position.parse_move("b6:h4").unwrap())
        .unwrap();
    assert_eq!(
        after.piece_at("h4".parse().unwrap()).map(|p| p.role),
        Some(Role::King)
    );
}

#[test]
fn pool_man_reaching_the_far_row_goes_on_only_as_a_man() {
    // The same squares in pool numbering: b6 = 9, c7 = 6, d8 = 2, f6 = 11.
    // As a man on 2 it cannot jump 11 (not next to it): the move ends on
    // the far row, and the man is crowned there.
    let fen = "W:W9:B6,11";
    assert_eq!(moves::<Pool>(fen), sorted(&["9x2"]));
    let position = Pool::from_fen(fen).unwrap();
    let after = position.after(position.parse_move("9x2").unwrap()).unwrap();
    assert_eq!(
        after.piece_at("2".parse().unwrap()).map(|p| p.role),
        Some(Role::King)
    );
    // A man that can jump on as a man does, and is not crowned: from 2
    // (0,3) over 7 (1,4) to 11 (2,5).
    assert_eq!(moves::<Pool>("W:W9:B6,7,25"), sorted(&["9x2x11"]));
}

#[test]
fn free_choice_without_majority_rule() {
    // White man c3 can take d4 (one piece) or b4 then b6 (two pieces: c3
    // to a5, then a5 to c7). Russian and pool let either be chosen;
    // Brazilian forces the longer.
    let fen = "W:Wc3:Bd4,b4,b6";
    assert_eq!(moves::<Russian>(fen), sorted(&["c3:a5:c7", "c3:e5"]));
    assert_eq!(moves::<Brazilian>(fen), sorted(&["c3xa5xc7"]));
}

#[test]
fn men_capture_backward_only_where_the_rules_say() {
    // A White man on e5 with a Black man behind it on d4 (c3 empty).
    let fen = "W:We5:Bd4,h8";
    assert_eq!(moves::<Russian>(fen), sorted(&["e5:c3"]));
    assert_eq!(moves::<Brazilian>(fen), sorted(&["e5xc3"]));
    // Czech men capture forward only: e5 just steps.
    assert_eq!(moves::<Czech>(fen), sorted(&["e5-d6", "e5-f6"]));
}

#[test]
fn flying_king_must_land_where_it_can_go_on() {
    // White king a1 takes c3 and may land on d4, e5, f6 or g7 (h8 is
    // Black's); only from e5 can it take again (f4, landing on g3 or h2).
    let fen = "W:WKa1:Bc3,f4,h8";
    assert_eq!(moves::<Russian>(fen), sorted(&["a1:e5:g3", "a1:e5:h2"]));
}

#[test]
fn italian_men_do_not_capture_kings() {
    // Italian numbering: White man 22 (5,3), Black king 18 (4,2), with 13
    // (3,1) empty behind it. The man may not take a king: it steps to 19.
    assert_eq!(moves::<Italian>("W:W22:BK18"), sorted(&["22-19"]));
    // Spanish men may (same squares: Spanish n = 33 - Italian n).
    assert_eq!(moves::<Spanish>("W:W11:BK15"), sorted(&["11x20"]));
}

#[test]
fn italian_capture_precedence() {
    // Italian numbering, 1 in the top-left corner; White moves up.
    // A king capture beats a man's capture of as many pieces: the king on
    // 27 (6,4) takes 23 (5,5) to 20; the man on 22 (5,3) takes 18 to 13.
    assert_eq!(moves::<Italian>("W:W22,K27:B18,23"), sorted(&["27x20"]));
    // Spanish has no such rule: both (and its flying king may land on 13
    // or 17).
    assert_eq!(
        moves::<Spanish>("W:W11,K6:B15,10"),
        sorted(&["11x20", "6x13", "6x17"])
    );
    // Among king captures, the one that takes more kings: the king on 27
    // can take the man on 23 or the king on 22.
    assert_eq!(moves::<Italian>("W:WK27:B23,K22"), sorted(&["27x18"]));
    // Among those, the one that meets the king first: 27x18x9 takes the
    // king on 22 then the man on 13; 27x20x11 the man on 23 then the king
    // on 15.
    assert_eq!(
        moves::<Italian>("W:WK27:BK22,13,23,K15"),
        sorted(&["27x18x9"])
    );
}

#[test]
fn spanish_most_pieces_then_most_kings() {
    // Spanish numbering (1 in White's bottom-right corner). The men on 11
    // (5,3) and 9 (5,7) each take one piece: 15 (4,2) is a man, 13 (4,6)
    // a king. The capture of the king must be chosen.
    assert_eq!(moves::<Spanish>("W:W11,9:B15,K13"), sorted(&["9x18"]));
    assert_eq!(
        moves::<Spanish>("W:W11,9:B15,13"),
        sorted(&["11x20", "9x18"])
    );
}

#[test]
fn czech_king_capture_first() {
    // The man on a3 can take b4 and then b6 (two pieces, ending on a7);
    // the king on g1 can take f2 (one piece; the White man on d4 leaves it
    // only e3 to land on). In Czech draughts the king's capture must be
    // chosen.
    assert_eq!(moves::<Czech>("W:Wa3,d4,Kg1:Bf2,b4,b6"), sorted(&["g1xe3"]));
    // Without the king, the man's capture is the only move.
    assert_eq!(moves::<Czech>("W:Wa3,d4:Bf2,b4,b6"), sorted(&["a3xc5xa7"]));
    // Brazilian (majority) takes the two pieces even with the king there.
    assert_eq!(
        moves::<Brazilian>("W:Wa3,d4,Kg1:Bf2,b4,b6"),
        sorted(&["a3xc5xa7"])
    );
}

#[test]
fn the_side_without_moves_loses() {
    let blocked = International::from_fen("W:W46:B41,37").unwrap();
    assert!(blocked.legal_moves().is_empty());
    assert_eq!(
        blocked.outcome(),
        Some(rulebook::Outcome::Win(Color::Black))
    );
}

#[test]
fn international_draw_rules_in_a_match() {
    use rulebook::draughts::InternationalRules;
    use rulebook::{EndReason, Match, Outcome};
    // Two kings walk without repeating a position: the 25-move rule (50
    // plies of king moves without capture) draws the game.
    let start = International::from_fen("W:WK46,K50:BK1,K5").unwrap();
    let mut game = Match::with_rules(start, InternationalRules::DRAW_RULES);
    let mut plies = 0;
    while game.result().is_none() {
        let position = *game.position();
        // The first quiet move that leads to a position not seen yet and
        // gives the opponent no capture.
        let seen: Vec<International> = replay(&game);
        let mv = position
            .legal_moves()
            .iter()
            .copied()
            .find(|&mv| {
                let next = position.after(mv).unwrap();
                !mv.is_capture()
                    && !seen.contains(&next)
                    && next.legal_moves().iter().all(|reply| !reply.is_capture())
            })
            .expect("a fresh quiet position");
        game.play(mv).unwrap();
        plies += 1;
    }
    let result = game.result().unwrap();
    assert_eq!(result.outcome, Outcome::Draw);
    assert_eq!(result.reason, EndReason::MoveLimit);
    assert_eq!(plies, 50);
}

/// Every position of the match so far.
fn replay(game: &rulebook::Match<International>) -> Vec<International> {
    let mut position = *game.start();
    let mut seen = vec![position];
    for &mv in game.history() {
        position.apply_unchecked(mv);
        seen.push(position);
    }
    seen
}
