//! One capture is one move: a flying king that takes two pieces on one
//! line takes them in one sweep, whichever empty square between them it
//! "stops" on, so the stops make no second move (issue 17). A capture is
//! written by its turning points (`a1:f6`), and the old long forms still
//! read (`a1:d4:f6`, `a1:c3:f6`). The conformance kit checks the rule
//! (no two legal moves with the same start, end and pieces taken in
//! order) on random playouts of every variant and of `Checkers` (a few in
//! the default run, the full count `#[ignore]`d, for the long checks),
//! each told its convention for routes that take the same pieces in
//! another order (`CaptureRoutes`: one move per result in every variant
//! but English, `Rule::SameResultTwice`; every route in English and
//! `Checkers`; see `circular.rs`).
//!
//! Also here, `#[ignore]`d (run in release): every-route ("keep") and
//! distinct ("drop") perft from the start positions one or two plies
//! deeper than `draughts_perft`, against rhalbersma's dctl tables
//! (`test/src/aima/traversal/initial/board8x8.cpp`, `board10x10.cpp`),
//! where the old double counting showed.

use rulebook::checkers::Checkers;
use rulebook::draughts::{Draughts, EnterMoveError, Entry, International, Rules, Russian};
use rulebook::testing::{
    check_contract, check_distinct_captures, CaptureIdentity, CaptureRoutes, Config,
    ContractViolation, Rule,
};
use rulebook::{perft, Game};

/// The issue's Russian position: the Black king on a1 sweeps the long
/// diagonal, taking b2 and e5.
const RUSSIAN_SWEEP: &str = "B:Wa3,b2,d2,e1,e3,e5,f2,g1,g3,h2:BKa1,a7,b8,c7,d6,d8,e7,f8,g7,h6,h8";
/// A Black man on a3 takes b2, is crowned on c1 and goes on as a king,
/// taking d2 and g5 on one diagonal.
const RUSSIAN_CROWNED: &str = "B:Wb2,d2,g5:Ba3";
/// The issue's International position: the king on 1 takes 7 and 23 on
/// one diagonal, turns on 29 and takes 38.
const INTERNATIONAL_SWEEP: &str = "W:WK1,15,K36,41,43,45,49,50:B4,7,8,9,10,K14,K21,23,38,K40,K44";

/// What the kit compares: start, end and the pieces taken, in order.
pub(crate) fn draughts_capture<R: Rules>(
    game: &Draughts<R>,
    mv: &rulebook::draughts::Move<R>,
) -> Option<CaptureIdentity> {
    mv.is_capture().then(|| CaptureIdentity {
        start: mv.from().index(),
        end: mv.to().index(),
        taken: game.captured(mv).iter().map(|s| s.index()).collect(),
    })
}

/// The legal moves' texts, in `legal_moves` order.
pub(crate) fn texts<G: Game>(game: &G) -> Vec<String> {
    game.legal_moves().iter().map(ToString::to_string).collect()
}

#[test]
fn a_sweep_over_two_pieces_is_one_move() {
    let russian = Russian::from_fen(RUSSIAN_SWEEP).unwrap();
    assert_eq!(texts(&russian), ["d6:f4", "a1:f6"]);
    let sweep = russian.parse_move("a1:f6").unwrap();
    assert_eq!(sweep.to_string(), "a1:f6");
    assert_eq!(sweep.capture_count(), 2);
    let taken: Vec<String> = russian
        .captured(&sweep)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(taken, ["b2", "e5"]);
    // The stops written out, as the crate used to list them.
    assert_eq!(russian.parse_move("a1:d4:f6"), Ok(sweep));
    assert_eq!(russian.parse_move("a1:c3:f6"), Ok(sweep));
    assert_eq!(russian.parse_move("a1xf6"), Ok(sweep));
    assert_eq!(russian.move_text(&sweep), "a1:f6");
    // a1:b2... and a1:e5 are no stops.
    assert!(russian.parse_move("a1:e5:f6").is_err());
    let after = russian.after(sweep).unwrap();
    assert_eq!(
        after.to_fen(),
        "W:Wa3,d2,e1,e3,f2,g1,g3,h2:Ba7,b8,c7,d6,d8,e7,Kf6,f8,g7,h6,h8"
    );
}

#[test]
fn crowned_during_a_capture_then_a_sweep_is_one_move() {
    let russian = Russian::from_fen(RUSSIAN_CROWNED).unwrap();
    assert_eq!(texts(&russian), ["a3:c1:h6"]);
    let mv = russian.legal_moves()[0];
    assert_eq!(mv.capture_count(), 3);
    assert_eq!(russian.parse_move("a3:c1:f4:h6"), Ok(mv));
    assert_eq!(russian.parse_move("a3:c1:e3:h6"), Ok(mv));
    assert_eq!(russian.parse_move("a3:h6"), Ok(mv));
    assert_eq!(russian.after(mv).unwrap().to_fen(), "W:W:BKh6");
}

#[test]
fn international_sweep_then_turn_is_one_move() {
    let international = International::from_fen(INTERNATIONAL_SWEEP).unwrap();
    assert_eq!(texts(&international), ["1x29x42", "1x29x47"]);
    let mv = international.parse_move("1x12x29x42").unwrap();
    assert_eq!(international.parse_move("1x18x29x42"), Ok(mv));
    assert_eq!(mv.to_string(), "1x29x42");
    let taken: Vec<String> = international
        .captured(&mv)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(taken, ["7", "23", "38"]);
    assert_eq!(international.move_text(&mv), "1x42");
}

#[test]
fn a_sweep_entered_hop_by_hop() {
    let russian = Russian::from_fen(RUSSIAN_SWEEP).unwrap();
    let sweep = russian.parse_move("a1:f6").unwrap();
    // Stopping on a square between the two pieces, as at a board.
    let Ok(Entry::Capturing(partial)) = russian.enter_move("a1:d4") else {
        panic!("a1:d4 begins the capture");
    };
    assert_eq!(partial.next_landings().len(), 1);
    assert_eq!(partial.next_landings()[0].to_string(), "f6");
    assert_eq!(partial.enter("f6"), Ok(Entry::Complete(sweep)));
    assert_eq!(partial.enter("d4:f6"), Ok(Entry::Complete(sweep)));
    assert!(matches!(
        partial.enter("g7"),
        Err(EnterMoveError::NotANextHop { .. })
    ));
    // In one go.
    assert_eq!(russian.enter_move("a1:f6"), Ok(Entry::Complete(sweep)));
    assert_eq!(russian.enter_move("a1:c3:f6"), Ok(Entry::Complete(sweep)));
    // The crowned man: hop to c1, then the king's sweep.
    let crowned = Russian::from_fen(RUSSIAN_CROWNED).unwrap();
    let Ok(Entry::Capturing(partial)) = crowned.enter_move("a3:c1") else {
        panic!("a3:c1 begins the capture");
    };
    let next: Vec<String> = partial
        .next_landings()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(next, ["f4", "e3"]);
    let Ok(Entry::Capturing(partial)) = partial.enter("e3") else {
        panic!("e3 is a stop of the sweep");
    };
    assert_eq!(
        partial.enter("h6"),
        Ok(Entry::Complete(crowned.legal_moves()[0]))
    );
}

#[test]
fn no_capture_twice_in_the_issue_positions() {
    check_distinct_captures(&Russian::from_fen(RUSSIAN_SWEEP).unwrap(), draughts_capture).unwrap();
    check_distinct_captures(
        &Russian::from_fen(RUSSIAN_CROWNED).unwrap(),
        draughts_capture,
    )
    .unwrap();
    check_distinct_captures(
        &International::from_fen(INTERNATIONAL_SWEEP).unwrap(),
        draughts_capture,
    )
    .unwrap();
}

/// The kit's check reports two legal moves it is told are one capture:
/// here an identity that forgets the end square makes the king's captures
/// of one piece, landing on different squares, "the same".
#[test]
fn the_kit_reports_a_capture_listed_twice() {
    let russian = Russian::from_fen("W:WKa1:Bc3").unwrap();
    assert_eq!(
        texts(&russian),
        ["a1:h8", "a1:g7", "a1:f6", "a1:e5", "a1:d4"]
    );
    fn without_end(
        game: &Russian,
        mv: &rulebook::draughts::Move<rulebook::draughts::RussianRules>,
    ) -> Option<CaptureIdentity> {
        draughts_capture(game, mv).map(|capture| CaptureIdentity { end: 0, ..capture })
    }
    let (first, second) = check_distinct_captures(&russian, without_end).unwrap_err();
    assert_eq!(
        (first.to_string(), second.to_string()),
        ("a1:h8".into(), "a1:g7".into())
    );
    // Playout 0 starts from the start position, playout 1 from this one.
    let config = Config::<Russian>::new()
        .playouts(2)
        .start_position(russian)
        .capture_of(without_end);
    let violation: ContractViolation = check_contract(&config).unwrap_err();
    assert_eq!(violation.rule(), Rule::SameCaptureTwice);
}

/// Start positions with kings, so that playouts reach flying kings'
/// captures early.
fn kit<R: Rules>(starts: &[&str], playouts: usize) -> Config<Draughts<R>> {
    let mut config = Config::<Draughts<R>>::new()
        .seed(17)
        .playouts(playouts)
        .max_plies(300)
        .perft_depth(1)
        .capture_of(draughts_capture)
        .capture_routes(R::CAPTURE_ROUTES);
    for fen in starts {
        config = config.start_position(Draughts::from_fen(fen).unwrap());
    }
    config
}

const EIGHT_BY_EIGHT_KINGS: [&str; 3] = [
    // Numbers, which every 8x8 variant reads (a1 is 29, h8 is 4).
    "W:WK29,K30,31,32,25,26,27,28,21,22:BK4,K3,2,1,8,7,6,5,12,11",
    "B:WK22,K27,17,18,19,20:BK1,K8,13,14,15,16",
    "W:WK18:B25,9,11,27,22,15,24,6,8",
];

/// The contract with distinct captures on every variant: `playouts`
/// playouts from each start (`international_playouts` on the 10x10 board).
fn distinct_captures_keep_the_contract(playouts: usize, international_playouts: usize) {
    let starts = EIGHT_BY_EIGHT_KINGS;
    check_contract(&kit::<rulebook::draughts::RussianRules>(&starts, playouts)).unwrap();
    check_contract(&kit::<rulebook::draughts::BrazilianRules>(
        &starts, playouts,
    ))
    .unwrap();
    check_contract(&kit::<rulebook::draughts::PoolRules>(&starts, playouts)).unwrap();
    check_contract(&kit::<rulebook::draughts::CzechRules>(&starts, playouts)).unwrap();
    check_contract(&kit::<rulebook::draughts::EnglishRules>(&starts, playouts)).unwrap();
    // Italian and Spanish boards are mirrored: their own set-ups.
    let mirrored = [
        "W:WK1,K5,9,13,17,21:BK32,K28,24,20,16,12",
        "W:WK14:B6,7,10,11,18,19,22,23",
    ];
    check_contract(&kit::<rulebook::draughts::ItalianRules>(
        &mirrored, playouts,
    ))
    .unwrap();
    check_contract(&kit::<rulebook::draughts::SpanishRules>(
        &mirrored, playouts,
    ))
    .unwrap();
    let international = [
        INTERNATIONAL_SWEEP,
        "W:WK46,K50,31,32,33,34,35:BK1,K5,16,17,18,19,20",
        "W:WK28:B12,13,17,18,22,23,32,33,37,38",
    ];
    check_contract(&kit::<rulebook::draughts::InternationalRules>(
        &international,
        international_playouts,
    ))
    .unwrap();
}

/// The default run (unoptimised): a few playouts.
#[test]
fn every_variant_keeps_the_contract_with_distinct_captures_quick() {
    distinct_captures_keep_the_contract(3, 2);
}

#[test]
#[ignore = "long unoptimised: the long-checks run"]
fn every_variant_keeps_the_contract_with_distinct_captures() {
    distinct_captures_keep_the_contract(30, 20);
}

#[test]
#[ignore = "long unoptimised: the long-checks run"]
fn checkers_keeps_the_contract_with_distinct_captures() {
    let config = Config::<Checkers>::new()
        .seed(17)
        .playouts(40)
        .perft_depth(1)
        .capture_routes(CaptureRoutes::Every)
        .capture_of(|game, mv| {
            let _ = game;
            mv.is_capture().then(|| CaptureIdentity {
                start: usize::from(mv.from().number()),
                end: usize::from(mv.to().number()),
                taken: mv.captured().map(|s| usize::from(s.number())).collect(),
            })
        });
    check_contract(&config).unwrap();
}

/// Keep (`perft_every_route`) and drop (`perft`, the game's own count)
/// perft of the start position at `depths`, against dctl.
fn check_deep<R: Rules>(depths: core::ops::RangeInclusive<u32>, keep: &[u64], drop: &[u64]) {
    let start = Draughts::<R>::default();
    for (depth, (&keep, &drop)) in depths.zip(keep.iter().zip(drop)) {
        assert_eq!(
            start.perft_every_route(depth),
            keep,
            "{} keep {depth}",
            R::NAME
        );
        assert_eq!(perft(&start, depth), drop, "{} drop {depth}", R::NAME);
    }
}

#[test]
#[ignore = "deep perft: run in release"]
fn dctl_tables_where_the_stops_were_counted_twice() {
    use rulebook::draughts::{BrazilianRules, PoolRules, RussianRules, SpanishRules};
    check_deep::<RussianRules>(10..=10, &[22_450_628], &[22_444_032]);
    check_deep::<BrazilianRules>(10..=10, &[21_566_606], &[21_560_022]);
    check_deep::<PoolRules>(10..=10, &[22_442_551], &[22_435_955]);
    check_deep::<SpanishRules>(
        10..=11,
        &[17_743_464, 81_383_200],
        &[17_743_464, 81_383_200],
    );
}

#[test]
#[ignore = "deep perft: run in release"]
fn dctl_tables_depth_ten_other_variants() {
    use rulebook::draughts::{CzechRules, InternationalRules, ItalianRules};
    check_deep::<CzechRules>(10..=10, &[18_368_918], &[18_368_918]);
    check_deep::<ItalianRules>(10..=10, &[17_761_384], &[17_761_384]);
    check_deep::<InternationalRules>(10..=10, &[258_935_682], &[258_895_763]);
}
