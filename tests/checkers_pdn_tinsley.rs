//! The Tinsley collection (`tests/data/tinsley.pdn`, 724 games of Marion
//! Tinsley): every game reads; replayed under the rules, all but one play to
//! the end.

use rulebook::checkers::pdn::{PdnGame, PdnReader, PdnResult};

const TINSLEY: &str = include_str!("data/tinsley.pdn");
const TINSLEY_GAMES: usize = 724;

fn tinsley_games() -> Vec<PdnGame> {
    PdnReader::new(TINSLEY)
        .map(|game| game.unwrap_or_else(|error| panic!("{error}")))
        .collect()
}

#[test]
fn all_724_games_read() {
    let games = tinsley_games();
    assert_eq!(games.len(), TINSLEY_GAMES);
    let count = |result| games.iter().filter(|g| g.result() == result).count();
    assert_eq!(count(PdnResult::RedWins), 66);
    assert_eq!(count(PdnResult::WhiteWins), 125);
    assert_eq!(count(PdnResult::Draw), 533);
    let total_moves: usize = games.iter().map(|g| g.moves().len()).sum();
    assert_eq!(total_moves, 36_112, "move words counted with grep");
    assert!(games
        .iter()
        .all(|g| g.event().is_some() && g.fen().is_none()));
}

#[test]
fn two_games_carry_a_comment_glued_to_their_last_move() {
    let games = tinsley_games();
    let glued: Vec<(&str, u32, &str, &str)> = games
        .iter()
        .flat_map(|game| {
            game.moves().iter().filter_map(move |mv| {
                Some((game.event()?, mv.number(), mv.text(), mv.trailing_text()?))
            })
        })
        .collect();
    assert_eq!(
        glued,
        [
            (
                "Petal 1987, game 15",
                16,
                "8-11",
                "Redoversteppedthetimecontrolonthismove."
            ),
            (
                "London 1992, game 18",
                17,
                "26-22",
                "Whiteoversteppedthetimecontrolonthismove."
            ),
        ]
    );
}
