//! A token bucket per client address: a client that floods gets 429s,
//! the others go on.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// One bucket.
#[derive(Clone, Copy, Debug)]
pub struct Bucket {
    tokens: f64,
    last: Instant,
}

impl Bucket {
    /// A full bucket.
    pub fn new(burst: f64) -> Bucket {
        Bucket {
            tokens: burst,
            last: Instant::now(),
        }
    }

    /// Takes a token if there is one, refilling at `rate` per second up
    /// to `burst`.
    pub fn take(&mut self, rate: f64, burst: f64) -> bool {
        let now = Instant::now();
        let elapsed = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * rate).min(burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Buckets by client address.
#[derive(Debug)]
pub struct RateLimiter {
    /// Requests per second (0: no limit).
    pub rate: f64,
    /// The most requests at once.
    pub burst: f64,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

impl RateLimiter {
    /// A limiter of `rate` requests per second, `burst` at once.
    pub fn new(rate: f64, burst: f64) -> RateLimiter {
        RateLimiter {
            rate,
            burst: burst.max(1.0),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Whether `client` may make a request now.
    pub fn allow(&self, client: IpAddr) -> bool {
        if self.rate <= 0.0 {
            return true;
        }
        let Ok(mut buckets) = self.buckets.lock() else {
            return true;
        };
        if buckets.len() > 100_000 {
            let now = Instant::now();
            buckets.retain(|_, bucket| now.duration_since(bucket.last).as_secs() < 60);
        }
        buckets
            .entry(client)
            .or_insert_with(|| Bucket::new(self.burst))
            .take(self.rate, self.burst)
    }
}
