//! Settling finished games: once a game whose players have names ends,
//! its result is kept for the player pages and, for a rated game, both
//! players' Glicko-2 ratings move (each game its own rating period), once,
//! whichever process gets there first.

use std::sync::Arc;
use std::time::Duration;

use sqlx::{AnyPool, Row};

use crate::app::App;
use crate::people::read_rating;

/// Settles the finished games with named players, every half second, for
/// ever: each once (the `settled` flag, set in the same transaction), its
/// result kept for the player pages and, for a rated game with a decisive
/// or drawn result, both players' ratings updated (each game its own
/// rating period). An aborted game changes no rating.
pub async fn settle_loop(app: Arc<App>) {
    let mut ticks = tokio::time::interval(Duration::from_millis(500));
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        if let Err(error) = settle_finished(&app).await {
            eprintln!("rulebook-server: settling ratings: {error}");
        }
    }
}

async fn settle_finished(app: &Arc<App>) -> Result<(), String> {
    let rows = sqlx::query(
        "SELECT n.game_id, n.kind, n.rated FROM named_games n JOIN games g ON g.id = n.game_id \
         WHERE n.settled = 0 AND g.over = 1 LIMIT 100",
    )
    .fetch_all(app.db.pool())
    .await
    .map_err(|error| error.to_string())?;
    // Each process starts at a random place in the list, so that several
    // settle different games side by side instead of queueing on the same
    // one (each game is claimed once either way).
    let mut rows = rows;
    let mut start = [0u8; 2];
    if !rows.is_empty() && getrandom::fill(&mut start).is_ok() {
        let len = rows.len();
        rows.rotate_left(usize::from(u16::from_le_bytes(start)) % len);
    }
    for row in rows {
        let id: String = row.try_get("game_id").map_err(|error| error.to_string())?;
        let kind: String = row.try_get("kind").map_err(|error| error.to_string())?;
        let rated: i64 = row.try_get("rated").map_err(|error| error.to_string())?;
        let Ok(handle) = app.handle(&id).await else {
            continue;
        };
        let pdn = {
            let slot = handle.slot.lock().await;
            let state = slot.game.state(&id, slot.version, crate::app::now_ms());
            state.result.map(|result| result.pdn)
        };
        let Some(pdn) = pdn else { continue };
        settle(app.db.pool(), app.db.postgres, &id, &kind, rated != 0, &pdn)
            .await
            .map_err(|error| error.to_string())?;
    }
    Ok(())
}

/// The first mover's score of a PDN result, None for `*`.
fn first_score(pdn: &str) -> Option<f64> {
    match pdn {
        "1-0" | "2-0" => Some(1.0),
        "0-1" | "0-2" => Some(0.0),
        "1/2-1/2" | "1-1" => Some(0.5),
        _ => None,
    }
}

/// Settles game `id` in one transaction: its result, and for a rated game
/// both players' ratings, each read as of now (its deviation grown since
/// its last game) and written with the time of this game. On PostgreSQL
/// the two rating rows are locked first (created if new, then `SELECT ...
/// FOR UPDATE`, in the order of their keys so that two settlements never
/// deadlock), so two processes settling two games of one player at once
/// apply both results, one after the other, instead of one overwriting
/// the other. On SQLite the transaction's first statement takes the
/// database's write lock, which does the same.
async fn settle(
    pool: &AnyPool,
    postgres: bool,
    id: &str,
    kind: &str,
    rated: bool,
    pdn: &str,
) -> Result<(), sqlx::Error> {
    let mut tx = pool.begin().await?;
    let claimed = sqlx::query(
        "UPDATE named_games SET settled = 1, result = $2 WHERE game_id = $1 AND settled = 0",
    )
    .bind(id.to_owned())
    .bind(pdn.to_owned())
    .execute(&mut *tx)
    .await?;
    if claimed.rows_affected() == 1 && rated {
        if let Some(score) = first_score(pdn) {
            let rows = sqlx::query(
                "SELECT seat, name_key FROM game_players WHERE game_id = $1 ORDER BY seat",
            )
            .bind(id.to_owned())
            .fetch_all(&mut *tx)
            .await?;
            let keys: Vec<String> = rows
                .iter()
                .filter_map(|row| row.try_get::<String, _>("name_key").ok())
                .collect();
            if let [first, second] = keys.as_slice() {
                if !first.is_empty() && !second.is_empty() && first != second {
                    if postgres {
                        lock_ratings(&mut tx, [first, second], kind).await?;
                    }
                    let before = [
                        read_rating(&mut tx, first, kind).await?,
                        read_rating(&mut tx, second, kind).await?,
                    ];
                    let after = [
                        before[0].after_game(before[1], score),
                        before[1].after_game(before[0], 1.0 - score),
                    ];
                    let at = crate::app::now_ms();
                    for (key, rating) in [(first, after[0]), (second, after[1])] {
                        sqlx::query(
                            "INSERT INTO ratings (name_key, kind, rating, deviation, volatility, games, played_at) \
                             VALUES ($1, $2, $3, $4, $5, 1, $6) ON CONFLICT (name_key, kind) DO UPDATE SET \
                             rating = $3, deviation = $4, volatility = $5, games = ratings.games + 1, played_at = $6",
                        )
                        .bind(key.clone())
                        .bind(kind.to_owned())
                        .bind(rating.rating)
                        .bind(rating.deviation)
                        .bind(rating.volatility)
                        .bind(at)
                        .execute(&mut *tx)
                        .await?;
                        sqlx::query(
                            "INSERT INTO rating_history (name_key, game_id, kind, at, rating, deviation) \
                             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (name_key, game_id) DO NOTHING",
                        )
                        .bind(key.clone())
                        .bind(id.to_owned())
                        .bind(kind.to_owned())
                        .bind(at)
                        .bind(rating.rating)
                        .bind(rating.deviation)
                        .execute(&mut *tx)
                        .await?;
                    }
                }
            }
        }
    }
    tx.commit().await
}

/// Locks the rating rows of `keys` in `kind` until the transaction ends
/// (PostgreSQL): a new player's row is created first (a new player's
/// rating, no games), so there is a row to lock; both in key order.
async fn lock_ratings(
    tx: &mut sqlx::AnyConnection,
    keys: [&String; 2],
    kind: &str,
) -> Result<(), sqlx::Error> {
    let mut keys = keys;
    keys.sort();
    let new = crate::rating::Rating::default();
    for key in keys {
        sqlx::query(
            "INSERT INTO ratings (name_key, kind, rating, deviation, volatility, games, played_at) \
             VALUES ($1, $2, $3, $4, $5, 0, 0) ON CONFLICT (name_key, kind) DO NOTHING",
        )
        .bind(key.clone())
        .bind(kind.to_owned())
        .bind(new.rating)
        .bind(new.deviation)
        .bind(new.volatility)
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query(
        "SELECT name_key FROM ratings WHERE kind = $1 AND name_key IN ($2, $3) ORDER BY name_key FOR UPDATE",
    )
    .bind(kind.to_owned())
    .bind(keys[0].clone())
    .bind(keys[1].clone())
    .fetch_all(&mut *tx)
    .await?;
    Ok(())
}
