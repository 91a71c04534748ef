//! An online event's secret: what a server deals its boards from, so that
//! nobody can derive a board before playing it. The server publishes the
//! secret's [commitment](Secret::commitment) when the event opens and the
//! secret itself when it closes; anyone can then derive every board again
//! and check the one against the other (commit and reveal).
//!
//! The engine draws no randomness of its own: the server makes the 32
//! bytes (from the OS) and hands them in.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use thiserror::Error;

/// Its length in bytes: 256 bits, beyond any search.
pub const SECRET_BYTES: usize = 32;

/// 32 bytes a server drew at random. Written as 64 hex digits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Secret([u8; SECRET_BYTES]);

/// Why text is not a secret.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
#[error("a secret is 64 hex digits; this is not one")]
pub struct SecretError;

impl Secret {
    /// The secret of these bytes.
    pub fn from_bytes(bytes: [u8; SECRET_BYTES]) -> Secret {
        Secret(bytes)
    }

    /// Its bytes.
    pub fn as_bytes(&self) -> &[u8; SECRET_BYTES] {
        &self.0
    }

    /// The commitment published before anyone plays: SHA-256 over the 32
    /// bytes, in hex.
    pub fn commitment(&self) -> String {
        hex(&Sha256::digest(self.0))
    }

    /// A seed derived from the secret and `parts`: the first 8 bytes of
    /// SHA-256 over the secret and each part (length-prefixed, so parts
    /// cannot run into each other). Knowing one seed tells nothing of
    /// another, nor of the secret.
    pub fn derive(&self, parts: &[&[u8]]) -> u64 {
        let mut hash = Sha256::new();
        hash.update(self.0);
        for part in parts {
            hash.update((part.len() as u64).to_le_bytes());
            hash.update(part);
        }
        let digest = hash.finalize();
        let mut first = [0u8; 8];
        first.copy_from_slice(&digest[..8]);
        u64::from_le_bytes(first)
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex(&self.0))
    }
}

/// Never the bytes: a secret must not reach a log by accident.
impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(…)")
    }
}

impl FromStr for Secret {
    type Err = SecretError;
    fn from_str(text: &str) -> Result<Secret, SecretError> {
        let text = text.trim();
        if text.len() != 2 * SECRET_BYTES || !text.is_ascii() {
            return Err(SecretError);
        }
        let mut out = [0u8; SECRET_BYTES];
        for (i, byte) in out.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).map_err(|_| SecretError)?;
        }
        Ok(Secret(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_round_trips_and_its_commitment_is_sha256() {
        let secret = Secret::from_bytes([7; 32]);
        let text = secret.to_string();
        assert_eq!(text, "07".repeat(32));
        assert_eq!(text.parse::<Secret>(), Ok(secret));
        assert_eq!(format!("{secret:?}"), "Secret(…)");
        // sha256 of 32 bytes of 0x00, a published test value.
        assert_eq!(
            Secret::from_bytes([0; 32]).commitment(),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
        assert!("07".repeat(31).parse::<Secret>().is_err());
        assert!("zz".repeat(32).parse::<Secret>().is_err());
    }

    #[test]
    fn derived_seeds_depend_on_every_part_and_its_bounds() {
        let s = Secret::from_bytes([1; 32]);
        assert_ne!(s.derive(&[b"ab", b"c"]), s.derive(&[b"a", b"bc"]));
        assert_ne!(s.derive(&[b"a"]), Secret::from_bytes([2; 32]).derive(&[b"a"]));
        assert_eq!(s.derive(&[b"a"]), s.derive(&[b"a"]));
    }
}
