//! The verifier: every position of a database against its successors (a
//! win has a move to a position lost for the opponent, a loss only moves
//! to positions won for the opponent, a draw neither).

use rulebook::draughts::{
    BrazilianRules, CzechRules, EnglishRules, InternationalRules, ItalianRules, PoolRules, Rules,
    RussianRules, SpanishRules,
};
use rulebook::endgame::{Material, Tablebase};

/// Builds every database of `R` up to `pieces` in memory and verifies
/// each; returns the positions checked.
fn build_and_verify<R: Rules>(pieces: u32) -> u64 {
    let tablebase = Tablebase::<R>::build_in_memory(pieces, |_| {}).unwrap();
    let mut checked = 0;
    for n in 1..=pieces {
        for material in Material::all_of::<R>(n) {
            checked += tablebase
                .verify(material)
                .unwrap_or_else(|error| panic!("{}: {error}", R::NAME));
        }
    }
    let expected: u64 = (1..=pieces).map(Tablebase::<R>::positions).sum();
    assert_eq!(checked, expected);
    checked
}

#[test]
fn english_up_to_three_pieces() {
    assert_eq!(build_and_verify::<EnglishRules>(3), 120 + 6_972 + 261_224);
}

#[test]
fn every_variant_up_to_two_pieces() {
    build_and_verify::<InternationalRules>(2);
    build_and_verify::<BrazilianRules>(2);
    build_and_verify::<RussianRules>(2);
    build_and_verify::<PoolRules>(2);
    build_and_verify::<ItalianRules>(2);
    build_and_verify::<SpanishRules>(2);
    build_and_verify::<CzechRules>(2);
}

#[test]
#[ignore = "long: the long-checks run"]
fn english_up_to_four_pieces() {
    build_and_verify::<EnglishRules>(4);
}

#[test]
#[ignore = "long: the long-checks run"]
fn international_up_to_three_pieces() {
    build_and_verify::<InternationalRules>(3);
}

#[test]
#[ignore = "long: the long-checks run"]
fn eight_by_eight_variants_up_to_three_pieces() {
    build_and_verify::<BrazilianRules>(3);
    build_and_verify::<RussianRules>(3);
    build_and_verify::<PoolRules>(3);
    build_and_verify::<ItalianRules>(3);
    build_and_verify::<SpanishRules>(3);
    build_and_verify::<CzechRules>(3);
}

/// The verifier finds a wrong value: a database whose file was altered
/// (with a valid checksum) is refused by `verify`.
#[test]
fn the_verifier_catches_a_wrong_value() {
    let dir = crate::files::scratch_dir("verifier");
    Tablebase::<EnglishRules>::build(&dir, 2, |_| {}).unwrap();
    let material = Material::new(0, 1, 0, 1);
    crate::files::rewrite_value(&dir, "english", material, 0, |bits| (bits + 1) % 3);
    let tablebase = Tablebase::<EnglishRules>::open(&dir).unwrap();
    let error = tablebase.verify(material).unwrap_err();
    assert!(
        error.to_string().contains("is stored as"),
        "unexpected error: {error}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
