//! Rate limits: a token bucket per client address and per key, in memory
//! (a limit, not game state: each instance keeps its own). The table is
//! bounded: when full, idle buckets are dropped, and if none is idle the
//! request is refused.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

/// Most buckets kept.
const MAX_BUCKETS: usize = 100_000;

struct Bucket {
    tokens: f64,
    at: Instant,
}

pub struct Limiter {
    per_ip: f64,
    per_key: f64,
    buckets: Mutex<HashMap<String, Bucket>>,
}

impl Limiter {
    pub fn new(per_ip: u32, per_key: u32) -> Limiter {
        Limiter {
            per_ip: f64::from(per_ip.max(1)),
            per_key: f64::from(per_key.max(1)),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes a token from the address's bucket and the key's (if any);
    /// `Err(seconds)` to wait when either is empty.
    pub fn check(&self, ip: &str, key: Option<&str>) -> Result<(), u64> {
        let Ok(mut buckets) = self.buckets.lock() else {
            return Ok(());
        };
        let now = Instant::now();
        if buckets.len() >= MAX_BUCKETS {
            let (ip_rate, key_rate) = (self.per_ip, self.per_key);
            buckets.retain(|k, b| {
                let rate = if k.starts_with("k:") { key_rate } else { ip_rate };
                b.tokens + now.duration_since(b.at).as_secs_f64() * rate < rate * 10.0
            });
            if buckets.len() >= MAX_BUCKETS {
                return Err(1);
            }
        }
        take(&mut buckets, format!("i:{ip}"), self.per_ip, now)?;
        if let Some(key) = key {
            take(&mut buckets, format!("k:{key}"), self.per_key, now)?;
        }
        Ok(())
    }
}

fn take(buckets: &mut HashMap<String, Bucket>, name: String, rate: f64, now: Instant) -> Result<(), u64> {
    let burst = rate * 10.0;
    let b = buckets.entry(name).or_insert(Bucket { tokens: burst, at: now });
    b.tokens = (b.tokens + now.duration_since(b.at).as_secs_f64() * rate).min(burst);
    b.at = now;
    if b.tokens >= 1.0 {
        b.tokens -= 1.0;
        Ok(())
    } else {
        Err(((1.0 - b.tokens) / rate).ceil() as u64)
    }
}
