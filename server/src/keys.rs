//! Keys and ids: random bits from the OS, keys stored and compared only
//! as their SHA-256.

use sha2::{Digest, Sha256};

use crate::error::{ApiError, ApiResult};

/// An organiser key's prefix.
pub const ORGANISER: &str = "org_";
/// An entry key's prefix.
pub const ENTRY: &str = "ent_";
/// A table's host key's prefix.
pub const HOST: &str = "hst_";
/// A seat key's prefix: the holder of a chair at a table.
pub const SEAT: &str = "sit_";

fn random<const N: usize>() -> ApiResult<[u8; N]> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(|e| ApiError::internal(format_args!("the OS gave no random bytes: {e}")))?;
    Ok(bytes)
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A new key: the prefix and 128 random bits in 32 lowercase hex digits.
pub fn new_key(prefix: &str) -> ApiResult<String> {
    Ok(format!("{prefix}{}", hex(&random::<16>()?)))
}

/// What is stored of a key: its SHA-256 in hex.
pub fn hash(key: &str) -> String {
    hex(&Sha256::digest(key.as_bytes()))
}

/// Whether `key` has the form of a key with `prefix` (checked before any lookup).
pub fn well_formed(key: &str, prefix: &str) -> bool {
    key.strip_prefix(prefix)
        .is_some_and(|h| h.len() == 32 && h.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)))
}

/// 12 random characters of [a-z0-9] (an event's or entry's id).
pub fn new_id() -> ApiResult<String> {
    const ALPHABET: &[u8; 36] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let mut out = String::with_capacity(12);
    while out.len() < 12 {
        for b in random::<32>()? {
            // 252 = 7 × 36: no bias.
            if b < 252 && out.len() < 12 {
                out.push(char::from(ALPHABET[usize::from(b % 36)]));
            }
        }
    }
    Ok(out)
}

/// A fresh secret for an event.
pub fn new_secret() -> ApiResult<engine::contest::Secret> {
    Ok(engine::contest::Secret::from_bytes(random::<32>()?))
}

/// A fresh deal seed from the OS (a table's deals; never sent).
pub fn new_seed() -> ApiResult<u64> {
    Ok(u64::from_le_bytes(random::<8>()?))
}

/// Whether `id` could be an event id.
pub fn is_id(id: &str) -> bool {
    id.len() == 12 && id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_have_their_form_and_differ() {
        let a = new_key(ENTRY).unwrap();
        let b = new_key(ENTRY).unwrap();
        assert_ne!(a, b);
        assert!(well_formed(&a, ENTRY));
        assert!(!well_formed(&a, ORGANISER));
        assert!(!well_formed("ent_0123", ENTRY));
        assert_eq!(hash(&a).len(), 64);
        let id = new_id().unwrap();
        assert!(is_id(&id));
    }
}
