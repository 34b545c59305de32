//! Accounts: a username and a password (hashed with Argon2id, the PHC
//! string kept with its salt and parameters), and sessions: a random token
//! in an `HttpOnly`, `SameSite=Lax` cookie, kept in the database as its
//! SHA-256 hash (as seat tokens are). Login and registration attempts are
//! rate-limited per username and per client address.

use std::collections::HashMap;
use std::hash::Hash;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;

use crate::app::{now, random_hex, token_hash};
use crate::error::{ApiError, ErrorBody};
use crate::people::People;
use crate::ratelimit::Bucket;

/// The session cookie's name.
pub const COOKIE: &str = "rulebook_session";
/// A session lasts this long (30 days) from its login.
pub const SESSION_SECONDS: i64 = 30 * 24 * 3600;
/// Usernames: 3 to 20 letters, digits, `_` or `-`, starting with a letter.
pub const NAME_LENGTH: std::ops::RangeInclusive<usize> = 3..=20;
/// Passwords: 8 to 200 characters (bounded: hashing is deliberately slow).
pub const PASSWORD_LENGTH: std::ops::RangeInclusive<usize> = 8..=200;
/// Attempts per username: this many at once, then one per
/// [`USERNAME_REFILL_SECONDS`].
const USERNAME_BURST: f64 = 5.0;
const USERNAME_REFILL_SECONDS: f64 = 60.0;
/// Attempts (logins and registrations) per client address.
const ADDRESS_BURST: f64 = 20.0;
const ADDRESS_REFILL_SECONDS: f64 = 6.0;

/// An account: its name as written at registration, and its key (the
/// name in lower case: names are unique regardless of case).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// The lower-case name (the database's key).
    pub key: String,
    /// The name as the player wrote it.
    pub name: String,
}

/// Token buckets by key (a username, an address), dropped when idle.
#[derive(Debug)]
pub struct Limiter<K> {
    rate: f64,
    burst: f64,
    buckets: Mutex<HashMap<K, (Bucket, Instant)>>,
}

impl<K: Eq + Hash + Clone> Limiter<K> {
    /// `burst` attempts at once, refilled at one per `refill_seconds`.
    pub fn new(burst: f64, refill_seconds: f64) -> Limiter<K> {
        Limiter {
            rate: 1.0 / refill_seconds,
            burst,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes an attempt for `key` if one is left.
    pub fn allow(&self, key: &K) -> bool {
        let Ok(mut buckets) = self.buckets.lock() else {
            return false;
        };
        let now = Instant::now();
        if buckets.len() > 100_000 {
            // A bucket untouched for as long as it takes to refill is full
            // again: forgetting it changes nothing.
            let full_after = Duration::from_secs_f64(self.burst / self.rate);
            buckets.retain(|_, (_, last)| now.duration_since(*last) < full_after);
        }
        let (bucket, last) = buckets
            .entry(key.clone())
            .or_insert_with(|| (Bucket::new(self.burst), now));
        *last = now;
        bucket.take(self.rate, self.burst)
    }
}

/// The login limits: per username and per client address.
#[derive(Debug)]
pub struct LoginLimits {
    by_name: Limiter<String>,
    by_address: Limiter<IpAddr>,
}

impl Default for LoginLimits {
    fn default() -> LoginLimits {
        LoginLimits {
            by_name: Limiter::new(USERNAME_BURST, USERNAME_REFILL_SECONDS),
            by_address: Limiter::new(ADDRESS_BURST, ADDRESS_REFILL_SECONDS),
        }
    }
}

impl LoginLimits {
    fn check(&self, address: IpAddr, key: Option<&str>) -> Result<(), ApiError> {
        let by_address = self.by_address.allow(&address);
        let by_name = key.map_or(true, |key| self.by_name.allow(&key.to_owned()));
        if by_address && by_name {
            Ok(())
        } else {
            Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                "too many attempts: wait a minute before trying again",
            ))
        }
    }
}

/// `POST /api/accounts`'s and `POST /api/session`'s body.
#[derive(Deserialize, ToSchema)]
pub struct Credentials {
    /// 3 to 20 letters, digits, `_` or `-`, starting with a letter.
    #[schema(example = "alice")]
    pub username: String,
    /// 8 to 200 characters.
    pub password: String,
}

/// Who is logged in.
#[derive(Serialize, ToSchema)]
pub struct SessionView {
    /// The account's name.
    pub name: String,
}

/// Whether `name` is a valid username.
///
/// # Errors
///
/// What is wrong with it, in words.
pub fn check_name(name: &str) -> Result<(), String> {
    let length = name.chars().count();
    let valid = NAME_LENGTH.contains(&length)
        && name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if valid {
        Ok(())
    } else {
        Err(format!(
            "a username is {} to {} letters, digits, `_` or `-`, starting with a letter",
            NAME_LENGTH.start(),
            NAME_LENGTH.end()
        ))
    }
}

fn check_password(password: &str) -> Result<(), ApiError> {
    if PASSWORD_LENGTH.contains(&password.chars().count()) {
        Ok(())
    } else {
        Err(ApiError::bad_request(format!(
            "a password is {} to {} characters",
            PASSWORD_LENGTH.start(),
            PASSWORD_LENGTH.end()
        )))
    }
}

/// Hashes `password` with Argon2id (the crate's default parameters: 19
/// MiB, 2 passes), a fresh 16-byte salt; the PHC string. Runs off the
/// async runtime.
async fn hash_password(password: String) -> Result<String, ApiError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|_| ApiError::unavailable("no randomness"))?;
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::encode_b64(&salt).map_err(|error| error.to_string())?;
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|hash| hash.to_string())
            .map_err(|error| error.to_string())
    })
    .await
    .map_err(|error| ApiError::unavailable(error.to_string()))?
    .map_err(ApiError::unavailable)
}

/// Whether `password` matches the PHC string `stored` (off the runtime).
async fn verify_password(password: String, stored: String) -> bool {
    tokio::task::spawn_blocking(move || {
        PasswordHash::new(&stored).is_ok_and(|hash| {
            Argon2::default()
                .verify_password(password.as_bytes(), &hash)
                .is_ok()
        })
    })
    .await
    .unwrap_or(false)
}

/// The session token of the request's cookie, if any.
fn session_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.trim().to_owned())
        .filter(|value| !value.is_empty())
}

fn db_error(error: sqlx::Error) -> ApiError {
    ApiError::unavailable(format!("the database failed: {error}"))
}

/// The account logged in with the request's session cookie: None without
/// a cookie, or with one that is unknown or expired.
///
/// # Errors
///
/// 503 when the database fails.
pub async fn account_of(people: &People, headers: &HeaderMap) -> Result<Option<Account>, ApiError> {
    let Some(token) = session_token(headers) else {
        return Ok(None);
    };
    let row = sqlx::query(
        "SELECT a.name_key, a.name FROM account_sessions s JOIN accounts a ON a.name_key = s.name_key \
         WHERE s.token_hash = $1 AND s.expires_at > $2",
    )
    .bind(token_hash(&token))
    .bind(now())
    .fetch_optional(people.pool())
    .await
    .map_err(db_error)?;
    Ok(row.and_then(|row| {
        Some(Account {
            key: row.try_get("name_key").ok()?,
            name: row.try_get("name").ok()?,
        })
    }))
}

/// The account of the request, or 401.
///
/// # Errors
///
/// 401 `unauthorized` without a valid session; 503 when the database fails.
pub async fn require_account(people: &People, headers: &HeaderMap) -> Result<Account, ApiError> {
    account_of(people, headers).await?.ok_or_else(|| {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "this needs an account: log in first",
        )
    })
}

/// A new session for `account`: its cookie's `Set-Cookie` value.
async fn open_session(people: &People, account: &Account) -> Result<HeaderValue, ApiError> {
    let token = random_hex(32)?;
    let at = now();
    // Expired sessions are forgotten as new ones open.
    sqlx::query("DELETE FROM account_sessions WHERE expires_at <= $1")
        .bind(at)
        .execute(people.pool())
        .await
        .map_err(db_error)?;
    sqlx::query(
        "INSERT INTO account_sessions (token_hash, name_key, created_at, expires_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(token_hash(&token))
    .bind(account.key.clone())
    .bind(at)
    .bind(at + SESSION_SECONDS)
    .execute(people.pool())
    .await
    .map_err(db_error)?;
    cookie(people, &token, SESSION_SECONDS)
}

fn cookie(people: &People, token: &str, max_age: i64) -> Result<HeaderValue, ApiError> {
    let secure = if people.app.options.secure_cookies {
        "; Secure"
    } else {
        ""
    };
    HeaderValue::from_str(&format!(
        "{COOKIE}={token}; Path=/; Max-Age={max_age}; HttpOnly; SameSite=Lax{secure}"
    ))
    .map_err(|error| ApiError::unavailable(error.to_string()))
}

fn with_cookie(status: StatusCode, name: &str, cookie: HeaderValue) -> Response {
    let mut response = (
        status,
        Json(SessionView {
            name: name.to_owned(),
        }),
    )
        .into_response();
    response.headers_mut().insert(header::SET_COOKIE, cookie);
    response
}

/// Creates an account and logs it in (the session cookie).
#[utoipa::path(post, path = "/api/accounts", request_body = Credentials,
    responses((status = 201, body = SessionView), (status = 400, body = ErrorBody),
              (status = 409, body = ErrorBody), (status = 415, body = ErrorBody),
              (status = 429, body = ErrorBody)))]
pub async fn register(
    State(people): State<Arc<People>>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    body: Result<Json<Credentials>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(body) = body?;
    check_name(&body.username).map_err(ApiError::bad_request)?;
    check_password(&body.password)?;
    people.login_limits.check(client.ip(), None)?;
    let account = Account {
        key: body.username.to_lowercase(),
        name: body.username.clone(),
    };
    let hash = hash_password(body.password).await?;
    let inserted = sqlx::query(
        "INSERT INTO accounts (name_key, name, password, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (name_key) DO NOTHING",
    )
    .bind(account.key.clone())
    .bind(account.name.clone())
    .bind(hash)
    .bind(now())
    .execute(people.pool())
    .await
    .map_err(db_error)?;
    if inserted.rows_affected() == 0 {
        return Err(ApiError::conflict(format!(
            "the name `{}` is taken",
            account.name
        )));
    }
    let cookie = open_session(&people, &account).await?;
    Ok(with_cookie(StatusCode::CREATED, &account.name, cookie))
}

/// Logs in: a new session cookie. Attempts are limited per username
/// (5 at once, then one a minute) and per client address.
#[utoipa::path(post, path = "/api/session", request_body = Credentials,
    responses((status = 200, body = SessionView), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 415, body = ErrorBody),
              (status = 429, body = ErrorBody)))]
pub async fn login(
    State(people): State<Arc<People>>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    body: Result<Json<Credentials>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(body) = body?;
    let key = body.username.to_lowercase();
    let wrong = || {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "wrong username or password",
        )
    };
    if check_name(&body.username).is_err() || check_password(&body.password).is_err() {
        return Err(wrong());
    }
    people.login_limits.check(client.ip(), Some(&key))?;
    let row = sqlx::query("SELECT name, password FROM accounts WHERE name_key = $1")
        .bind(key.clone())
        .fetch_optional(people.pool())
        .await
        .map_err(db_error)?;
    let (name, stored) = match row {
        Some(row) => (
            row.try_get::<String, _>("name").map_err(db_error)?,
            row.try_get::<String, _>("password").map_err(db_error)?,
        ),
        // No such account: the same answer (and about the same time,
        // hashing a dummy) as a wrong password.
        None => {
            let _ = hash_password(body.password).await;
            return Err(wrong());
        }
    };
    if !verify_password(body.password, stored).await {
        return Err(wrong());
    }
    let account = Account { key, name };
    let cookie = open_session(&people, &account).await?;
    Ok(with_cookie(StatusCode::OK, &account.name, cookie))
}

/// The account logged in with this request's session cookie.
#[utoipa::path(get, path = "/api/session",
    responses((status = 200, body = SessionView), (status = 401, body = ErrorBody)))]
pub async fn whoami(
    State(people): State<Arc<People>>,
    headers: HeaderMap,
) -> Result<Json<SessionView>, ApiError> {
    let account = require_account(&people, &headers).await?;
    Ok(Json(SessionView { name: account.name }))
}

/// Logs out: the session ends (in the database) and its cookie is cleared.
#[utoipa::path(delete, path = "/api/session", responses((status = 204)))]
pub async fn logout(
    State(people): State<Arc<People>>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    if let Some(token) = session_token(&headers) {
        sqlx::query("DELETE FROM account_sessions WHERE token_hash = $1")
            .bind(token_hash(&token))
            .execute(people.pool())
            .await
            .map_err(db_error)?;
    }
    let mut response = StatusCode::NO_CONTENT.into_response();
    response
        .headers_mut()
        .insert(header::SET_COOKIE, cookie(&people, "", 0)?);
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn passwords_are_hashed_with_argon2id_salted_and_verified() {
        let first = hash_password("correct horse".to_owned()).await.unwrap();
        let second = hash_password("correct horse".to_owned()).await.unwrap();
        // Argon2id, version 0x13, 19 MiB, 2 passes, 1 lane (the PHC string).
        assert!(
            first.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{first}"
        );
        assert_ne!(first, second, "each hash has its own salt");
        assert!(!first.contains("correct horse"));
        assert!(verify_password("correct horse".to_owned(), first.clone()).await);
        assert!(!verify_password("correct horsE".to_owned(), first).await);
        assert!(!verify_password("correct horse".to_owned(), "not a hash".to_owned()).await);
    }

    #[test]
    fn usernames() {
        for good in ["alice", "Bob_2", "x-y", "abcdefghijklmnopqrst"] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        for bad in [
            "",
            "ab",
            "1abc",
            "_abc",
            "al ice",
            "ålice",
            "abcdefghijklmnopqrstu",
            "a<b>",
        ] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_cookie_is_found_among_others() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("a=1; rulebook_session=abc ; b=2"),
        );
        assert_eq!(session_token(&headers).as_deref(), Some("abc"));
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("rulebook_sessions=x"),
        );
        assert_eq!(session_token(&headers), None);
    }

    #[test]
    fn a_limiter_refuses_after_its_burst() {
        let limiter = Limiter::new(3.0, 60.0);
        let key = "alice".to_owned();
        assert!((0..3).all(|_| limiter.allow(&key)));
        assert!(!limiter.allow(&key));
        assert!(limiter.allow(&"bob".to_owned()));
    }
}
