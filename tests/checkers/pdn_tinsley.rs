//! The Tinsley collection (`tests/data/tinsley.pdn`, 724 games of Marion
//! Tinsley): every game reads; replayed under the rules, 723 play to the end
//! and one holds an illegal move; every game that replays writes as PDN and
//! reads back to the same match.

use rulebook::checkers::pdn::{
    write_match, PdnGame, PdnReader, PdnResult, ReplayError, ReplayErrorKind, TextPosition,
    WrittenMove,
};
use rulebook::checkers::{Checkers, Player, ResolveMoveError};
use rulebook::{EndReason, Game, Match, Outcome};

const TINSLEY: &str = include_str!("../data/tinsley.pdn");
const TINSLEY_GAMES: usize = 724;
const REPLAYABLE_GAMES: usize = 723;

fn tinsley_games() -> Vec<PdnGame> {
    PdnReader::new(TINSLEY)
        .map(|game| game.unwrap_or_else(|error| panic!("{error}")))
        .collect()
}

/// The games that replay, each with its match.
fn replayed_games() -> Vec<(PdnGame, Match<Checkers>)> {
    tinsley_games()
        .into_iter()
        .filter_map(|game| {
            let replayed = game.replay().ok()?;
            Some((game, replayed))
        })
        .collect()
}

#[test]
fn all_724_games_read() {
    let games = tinsley_games();
    assert_eq!(games.len(), TINSLEY_GAMES);
    let count = |result| games.iter().filter(|g| g.result() == result).count();
    assert_eq!(count(PdnResult::FirstPlayerWins), 66);
    assert_eq!(count(PdnResult::SecondPlayerWins), 125);
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

/// The one game that cannot be replayed: in "Petal 1981, game 18" Red's
/// king went 32-28 at move 60 and never came back, yet move 62 is written
/// `32-28` again; square 32 is empty (checked by hand on a board, and by an
/// independent replay that only tracks the pieces). The legal moves there
/// are 16-19, 16-20, 28-24, 28-32 and 29-25.
#[test]
fn exactly_723_games_replay_and_the_other_names_its_illegal_move() {
    let games = tinsley_games();
    let failures: Vec<ReplayError> = games.iter().filter_map(|g| g.replay().err()).collect();
    assert_eq!(games.len() - failures.len(), REPLAYABLE_GAMES);
    assert_eq!(failures.len(), 1);
    let failure = &failures[0];
    assert_eq!(failure.game.number, 541);
    assert_eq!(failure.game.event.as_deref(), Some("Petal 1981, game 18"));
    let ReplayErrorKind::IllegalMove { mv, reason } = &*failure.kind else {
        panic!("expected an illegal move, got {failure}");
    };
    assert_eq!(
        mv,
        &WrittenMove {
            number: 62,
            side: Player::Red,
            text: "32-28".into(),
            position: TextPosition {
                line: 5588,
                column: 5
            },
        }
    );
    let ResolveMoveError::NoMatch { text, legal } = reason else {
        panic!("expected no matching move, got {reason}");
    };
    assert_eq!(text, "32-28");
    let legal: Vec<String> = legal.iter().map(ToString::to_string).collect();
    assert_eq!(legal, ["16-19", "16-20", "28-24", "28-32", "29-25"]);
    assert_eq!(
        failure.to_string(),
        "game 541 (Event \"Petal 1981, game 18\"): move 62, Red 32-28 (line 5588, column 5) \
         cannot be played: 32-28 is not a legal move in this position; \
         legal moves: 16-19, 16-20, 28-24, 28-32, 29-25"
    );
}

/// No Tinsley game is played out to the end by the rules (players resign or
/// agree a draw first), so every written result is applied as a resignation
/// or an agreement, and each match's result is the written one.
#[test]
fn results_agree_with_the_record_and_none_ends_by_the_rules() {
    let replayed = replayed_games();
    assert_eq!(replayed.len(), REPLAYABLE_GAMES);
    let mut resignations = 0;
    let mut agreements = 0;
    for (game, replayed) in &replayed {
        let result = replayed.result().expect("every Tinsley game has a result");
        assert_eq!(
            PdnResult::from_outcome(result.outcome),
            game.result(),
            "{:?}",
            game.id()
        );
        assert_eq!(
            replayed.position().ending(),
            None,
            "{:?} ends by the rules",
            game.id()
        );
        match result.reason {
            EndReason::Resignation => resignations += 1,
            EndReason::Agreement => agreements += 1,
            other => panic!("{:?} ended by {other:?}", game.id()),
        }
        assert_eq!(replayed.history().len(), game.moves().len());
    }
    assert_eq!((resignations, agreements), (66 + 124, 533));
    let red_wins = replayed
        .iter()
        .filter(|(_, m)| m.result().map(|r| r.outcome) == Some(Outcome::Win(Player::Red)))
        .count();
    assert_eq!(red_wins, 66);
}

#[test]
fn every_replayable_game_writes_and_reads_back_to_the_same_match() {
    let replayed = replayed_games();
    let mut round_trips = 0;
    for (game, original) in &replayed {
        let tags = game
            .tags()
            .iter()
            .map(|(name, value)| (name.as_str(), value.as_str()));
        let written = write_match(original, tags).unwrap();
        let mut reader = PdnReader::new(&written);
        let read_back = reader.next().expect("one game").unwrap();
        assert!(reader.next().is_none());
        let again = read_back
            .replay()
            .unwrap_or_else(|e| panic!("{e}\n{written}"));
        assert_eq!(&again, original, "{:?}\n{written}", game.id());
        for name in ["Event", "Black", "White", "Result"] {
            assert_eq!(
                read_back.tag(name),
                game.tag(name),
                "{name} of {:?}",
                game.id()
            );
        }
        assert_eq!(read_back.game_type(), Some("21"));
        assert_eq!(read_back.fen(), None);
        assert!(written.lines().all(|line| line.len() < 80));
        assert!(
            !written.lines().any(|line| line.ends_with('.')),
            "a move number ends a line:\n{written}"
        );
        round_trips += 1;
    }
    assert_eq!(round_trips, REPLAYABLE_GAMES);
}

/// The source writes some quiet moves with `x` (`4. 10x14`, `15. 10x14
/// 18x15`); the writer writes what the moves are: `10-14`, `18-15`. A move
/// number stays on the line of its move (`22. 18-22`, not `22.` at the end
/// of a line).
#[test]
fn the_first_game_is_written_in_standard_pdn() {
    let (game, replayed) = replayed_games().swap_remove(0);
    let tags = game
        .tags()
        .iter()
        .map(|(name, value)| (name.as_str(), value.as_str()));
    assert_eq!(
        write_match(&replayed, tags).unwrap(),
        "[Event \"Ohio State Ty 1946\"]\n\
         [Black \"MF Tinsley\"]\n\
         [White \"M Rex\"]\n\
         [Result \"1/2-1/2\"]\n\
         [GameType \"21\"]\n\
         \n\
         1. 11-15 23-18 2. 8-11 27-23 3. 4-8 23-19 4. 10-14 19x10 5. 14x23 26x19 6. 7x14\n\
         24-20 7. 6-10 30-26 8. 11-15 28-24 9. 14-18 20-16 10. 18-23 16-11 11. 23x30\n\
         11x4 12. 2-7 4-8 13. 1-6 22-18 14. 15x22 25x18 15. 10-14 18-15 16. 14-18 29-25\n\
         17. 9-13 8-4 18. 13-17 21x14 19. 30x21 15-10 20. 6x15 19x10 21. 21-17 4-8\n\
         22. 18-22 24-19 23. 22-25 32-28 24. 25-30 31-27 25. 30-26 19-16 26. 12x19 27-24\n\
         27. 3x12 10x3 28. 17x10 24x15x6 1/2-1/2\n"
    );
}
