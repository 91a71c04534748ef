//! Bounded reads: a JSON list refused at the first value past its limit,
//! while it is read, so a file cannot make a list longer than a valid one
//! in memory.

use std::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, SeqAccess, Visitor};

/// A JSON list read up to `max` values, refused at the next one, so a
/// file cannot make a list longer than a valid one in memory.
struct AtMost<T> {
    what: &'static str,
    max: usize,
    of: PhantomData<T>,
}

impl<'de, T: Deserialize<'de>> Visitor<'de> for AtMost<T> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "a list of at most {} {}", self.max, self.what)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut out = Vec::new();
        while let Some(value) = seq.next_element()? {
            if out.len() == self.max {
                return Err(de::Error::custom(format_args!(
                    "{}: more than {} values, more than a valid library holds",
                    self.what, self.max
                )));
            }
            out.push(value);
        }
        Ok(out)
    }
}

pub(super) fn at_most<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
    what: &'static str,
    max: usize,
) -> Result<Vec<T>, D::Error> {
    d.deserialize_seq(AtMost {
        what,
        max,
        of: PhantomData,
    })
}
