//! Perft of every draughts variant through the public API, against the
//! published tables, each compared in the convention it was published in
//! ("keep": every capture route counts, `perft_every_route`; "drop":
//! routes taking the same pieces to the same square count once,
//! `rulebook::perft`, as `legal_moves` lists them in every variant but
//! English).
//!
//! Sources: rhalbersma's dctl test suite (`test/src/ai/traversal/initial/
//! board8x8.cpp`, `board10x10.cpp`, `international/fmjd.cpp`,
//! `italian/gilbert.cpp`), which cites the "Perft" and "alternative game
//! rules" threads of the FMJD forum (damforum) and the "Standard
//! validation generator moves" thread of the shashki.com forum.
//!
//! Depths that take more than a moment are `#[ignore]`d: run them with
//! `cargo test --release --all-features --test draughts perft -- --ignored`.

use rulebook::draughts::{
    Brazilian, Czech, Draughts, International, Italian, Pool, Rules, Russian, Spanish,
};
use rulebook::{perft, Game};

/// Checks `perft_every_route` (keep) and `perft` (drop, the game's own
/// count; `perft_distinct` the same) of `position` at depths 1, 2, ...
/// against the tables.
fn check<R: Rules>(position: &Draughts<R>, keep: &[u64], drop: &[u64]) {
    assert_eq!(keep.len(), drop.len());
    for (depth, (&keep, &drop)) in (1..).zip(keep.iter().zip(drop)) {
        assert_eq!(
            position.perft_every_route(depth),
            keep,
            "{} keep, depth {depth}",
            R::NAME
        );
        assert_eq!(
            perft(position, depth),
            drop,
            "{} drop, depth {depth}",
            R::NAME
        );
        assert_eq!(position.perft_distinct(depth), drop);
    }
}

/// The same count for both conventions.
fn check_both<R: Rules>(position: &Draughts<R>, counts: &[u64]) {
    check(position, counts, counts);
}

const INTERNATIONAL_KEEP: [u64; 9] = [9, 81, 658, 4265, 27117, 167140, 1049442, 6483971, 41022614];
const INTERNATIONAL_DROP: [u64; 9] = [9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423];
const BRAZILIAN_KEEP: [u64; 9] = [7, 49, 302, 1469, 7473, 37628, 187302, 907836, 4431847];
const BRAZILIAN_DROP: [u64; 9] = [7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766];
const RUSSIAN_KEEP: [u64; 9] = [7, 49, 302, 1469, 7482, 37986, 190146, 929905, 4570667];
const RUSSIAN_DROP: [u64; 9] = [7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586];
const POOL_KEEP: [u64; 9] = [7, 49, 302, 1469, 7482, 37986, 190146, 929902, 4570615];
const POOL_DROP: [u64; 9] = [7, 49, 302, 1469, 7482, 37986, 190146, 929896, 4570534];
const ITALIAN: [u64; 9] = [7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875];
const SPANISH: [u64; 9] = [7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866];
const CZECH: [u64; 9] = [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671];

/// Depths of the quick run: the start-position tables up to here.
const QUICK_10X10: usize = 7;
const QUICK_8X8: usize = 8;

#[test]
fn start_positions_quick() {
    let q = QUICK_10X10;
    check(
        &International::default(),
        &INTERNATIONAL_KEEP[..q],
        &INTERNATIONAL_DROP[..q],
    );
    let q = QUICK_8X8;
    check(
        &Brazilian::default(),
        &BRAZILIAN_KEEP[..q],
        &BRAZILIAN_DROP[..q],
    );
    check(&Russian::default(), &RUSSIAN_KEEP[..q], &RUSSIAN_DROP[..q]);
    check(&Pool::default(), &POOL_KEEP[..q], &POOL_DROP[..q]);
    check_both(&Italian::default(), &ITALIAN[..q]);
    check_both(&Spanish::default(), &SPANISH[..q]);
    check_both(&Czech::default(), &CZECH[..q]);
}

#[test]
#[ignore = "deep perft: run in release"]
fn start_positions_deep() {
    check(
        &International::default(),
        &INTERNATIONAL_KEEP,
        &INTERNATIONAL_DROP,
    );
    check(&Brazilian::default(), &BRAZILIAN_KEEP, &BRAZILIAN_DROP);
    check(&Russian::default(), &RUSSIAN_KEEP, &RUSSIAN_DROP);
    check(&Pool::default(), &POOL_KEEP, &POOL_DROP);
    check_both(&Italian::default(), &ITALIAN);
    check_both(&Spanish::default(), &SPANISH);
    check_both(&Czech::default(), &CZECH);
}

/// The start positions' first ply by hand, so that a wrong layout cannot
/// hide behind right counts.
#[test]
fn start_positions_first_moves() {
    let texts = |moves: &[String]| moves.join(" ");
    let names = |game: &dyn Fn() -> Vec<String>| texts(&game());
    assert_eq!(
        names(&|| International::default()
            .legal_moves()
            .iter()
            .map(ToString::to_string)
            .collect()),
        "31-26 31-27 32-27 32-28 33-28 33-29 34-29 34-30 35-30"
    );
    assert_eq!(
        names(&|| Russian::default()
            .legal_moves()
            .iter()
            .map(ToString::to_string)
            .collect()),
        "a3-b4 c3-b4 c3-d4 e3-d4 e3-f4 g3-f4 g3-h4"
    );
    // Pool and English: Black moves first from 1-12.
    assert_eq!(
        names(&|| Pool::default()
            .legal_moves()
            .iter()
            .map(ToString::to_string)
            .collect()),
        "9-13 9-14 10-14 10-15 11-15 11-16 12-16"
    );
    // Italian: White on 21-32, numbered from the top-left corner; 24, on
    // the right edge, steps only to 20.
    assert_eq!(
        names(&|| Italian::default()
            .legal_moves()
            .iter()
            .map(ToString::to_string)
            .collect()),
        "24-20 23-20 23-19 22-19 22-18 21-18 21-17"
    );
    // Spanish: White on 1-12, numbered from White's bottom-right corner;
    // 9, on the right edge, steps only to 13.
    assert_eq!(
        names(&|| Spanish::default()
            .legal_moves()
            .iter()
            .map(ToString::to_string)
            .collect()),
        "9-13 10-13 10-14 11-14 11-15 12-15 12-16"
    );
}

#[test]
fn fmjd_forum_positions() {
    // "Random178" and "Woldouby", from the FMJD forum's perft thread
    // (drop: the game's own count).
    let random178 =
        International::from_fen("B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46")
            .unwrap();
    let counts = [14, 55, 1168, 5432, 87195, 629010];
    for (depth, &count) in (1..).zip(&counts) {
        assert_eq!(perft(&random178, depth), count, "Random178 depth {depth}");
    }
    let woldouby =
        International::from_fen("W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38")
            .unwrap();
    let counts = [6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050, 377436];
    for (depth, &count) in (1..).zip(&counts) {
        assert_eq!(perft(&woldouby, depth), count, "Woldouby depth {depth}");
    }
}

#[test]
#[ignore = "deep perft: run in release"]
fn fmjd_forum_positions_deep() {
    let random178 =
        International::from_fen("B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46")
            .unwrap();
    assert_eq!(perft(&random178, 7), 9_041_010);
    let all_kings = International::from_fen(
        "W:WK31,K32,K33,K34,K35,K36,K37,K38,K39,K40,K41,K42,K43,K44,K45,K46,K47,K48,K49,K50:BK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20",
    )
    .unwrap();
    let counts = [17, 79, 352, 1399, 7062, 37589, 217575];
    for (depth, &count) in (1..).zip(&counts) {
        assert_eq!(perft(&all_kings, depth), count, "AllKings depth {depth}");
    }
    let almost_promotion = International::from_fen("W:W6,7,8,9,10:B41,42,43,44,45").unwrap();
    let counts = [9, 81, 795, 7578, 86351, 936311];
    for (depth, &count) in (1..).zip(&counts) {
        assert_eq!(
            perft(&almost_promotion, depth),
            count,
            "AlmostPromotion depth {depth}"
        );
    }
}

#[test]
fn italian_gilbert_positions() {
    // Set-up positions from the FMJD forum's alternative rules thread
    // (keep; Italian kings are short, so the conventions rarely differ).
    // Italian lists one move per result; the table counts every route.
    let cases: [(&str, &[u64]); 3] = [
        (
            "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3",
            &[5, 13, 42, 107, 360, 1099, 3736, 12495, 43686],
        ),
        (
            "B:W30,21,22,17,20,K6:B25,28,9,5,1,3",
            &[6, 47, 271, 1916, 10810, 73137],
        ),
        (
            "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4",
            &[13, 112, 828, 6756, 46241, 368908],
        ),
    ];
    for (fen, counts) in cases {
        let position = Italian::from_fen(fen).unwrap();
        for (depth, &count) in (1..).zip(counts) {
            assert_eq!(
                position.perft_every_route(depth),
                count,
                "{fen} depth {depth}"
            );
        }
    }
}

/// `perft` (one move per result, as Scan counts) of `position` at depths 1,
/// 2, ... against `counts`; `perft_distinct` the same.
fn check_drop<R: Rules>(position: &Draughts<R>, counts: &[u64]) {
    for (depth, &count) in (1..).zip(counts) {
        assert_eq!(perft(position, depth), count, "{} depth {depth}", R::NAME);
        assert_eq!(position.perft_distinct(depth), count);
    }
}

/// Killer, Breakthrough and Antidraughts: the start position, and
/// positions where each variant's rule acts, with International's count of
/// the same position beside (so that the rule is seen to matter).
///
/// # Source: Scan 3.1 (`rhalbersma/scan` 7aae17e, variants `killer`, `bt`,
/// `losing`, `normal`), counted by its own generator through the driver of
/// `scripts/crosscheck_scan.py` (`perft <variant> <depth> <fen>`; a
/// finished game counts 0). No published table exists for these variants.
#[test]
fn international_variants_against_scan() {
    use rulebook::draughts::{Antidraughts, Breakthrough, Killer};
    // (FEN, the variant's counts, International's.)
    let killer: [(&str, &[u64], &[u64]); 3] = [
        ("W:WK7,K15,43:BK20", &[1, 0], &[6, 0]),
        (
            "W:WK46,K50,33,34,28:BK1,K5,18,19,23",
            &[10, 18, 138, 622, 5709],
            &[10, 18, 138, 640, 5877],
        ),
        (
            "B:W25,27,28,30,32,33,34,35,37,38,K40,47:B6,9,12,13,14,16,17,18,19,K23,24,26",
            &[9, 31, 110, 480, 1956, 10576],
            &[9, 31, 110, 480, 1960, 10614],
        ),
    ];
    for (fen, counts, theirs) in killer {
        check_drop(&Killer::from_fen(fen).unwrap(), counts);
        check_drop(&International::from_fen(fen).unwrap(), theirs);
    }
    let breakthrough: [(&str, &[u64], &[u64]); 2] = [
        (
            "W:W6,7,12,33,34:B2,18,19,39,44",
            &[1, 3, 14, 14, 34, 122],
            &[1, 3, 14, 28, 159, 814],
        ),
        (
            "B:W11,13,21,27,30,31,32,36,38:B3,9,19,24,25,29,33,37,40,42",
            &[1, 2, 4, 10, 22, 124, 954],
            &[1, 2, 6, 12, 64, 544, 4582],
        ),
    ];
    for (fen, counts, theirs) in breakthrough {
        check_drop(&Breakthrough::from_fen(fen).unwrap(), counts);
        check_drop(&International::from_fen(fen).unwrap(), theirs);
    }
    // No king is crowned in the first 9 plies: Scan counts all four
    // variants as International there.
    let q = QUICK_10X10;
    check_drop(&Killer::default(), &INTERNATIONAL_DROP[..q]);
    check_drop(&Breakthrough::default(), &INTERNATIONAL_DROP[..q]);
    check_drop(&Antidraughts::default(), &INTERNATIONAL_DROP[..q]);
    // Antidraughts moves as International (only the winner changes).
    check_drop(
        &Antidraughts::from_fen(killer[2].0).unwrap(),
        &[9, 31, 110, 480, 1960, 10614],
    );
}
