//! An entrant's place against the field over a whole event. Each game of
//! the field on a board is one player's ([`Field::each_game`]: a rung and
//! its game number), and the same player plays every board, so the field's
//! players have totals over the boards as an entrant does. The entrant's
//! place among them is standard competition ranking (ties share a place),
//! and the share of them beaten counts ties half, as [`Field::beaten`]
//! counts a board's.

use serde::{Deserialize, Serialize};

use super::field::{Field, FIELD_TOTAL};

/// How an entrant's total over an event's boards stands among the field's
/// players' totals on the same boards.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct FieldPlace {
    /// The entrant's total over the boards.
    pub total: i64,
    /// 1 + the field's players with a higher total.
    pub place: u32,
    /// Everyone placed: the entrant and the field's players.
    pub of: u32,
    /// The share of the field's players whose total is lower, ties
    /// counting half: 0 to 1.
    pub beaten: f64,
}

impl FieldPlace {
    /// The place of the entrant's `scores` (one a board) among the
    /// field's players on the same boards; `None` unless there is one
    /// field a score, each with every game's score
    /// ([`Field::players`]), and at least one board.
    pub fn of(scores: &[i64], fields: &[&Field]) -> Option<FieldPlace> {
        if scores.is_empty() || scores.len() != fields.len() {
            return None;
        }
        let mut totals = vec![0i64; FIELD_TOTAL as usize];
        for field in fields {
            for (total, score) in totals.iter_mut().zip(field.players()?) {
                *total = total.saturating_add(*score);
            }
        }
        let total = scores.iter().fold(0i64, |sum, s| sum.saturating_add(*s));
        let above = totals.iter().filter(|&&t| t > total).count() as u32;
        Some(FieldPlace {
            total,
            place: above + 1,
            of: FIELD_TOTAL + 1,
            beaten: histogram(&totals).beaten(total),
        })
    }
}

/// The totals as a field's histogram, so that the share beaten is
/// counted by the one rule.
fn histogram(totals: &[i64]) -> Field {
    let mut scores = totals.to_vec();
    scores.sort_unstable();
    scores.dedup();
    let counts = scores
        .iter()
        .map(|s| totals.iter().filter(|&t| t == s).count() as u64)
        .collect();
    Field {
        scores,
        counts,
        each_game: totals.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A field whose 22 players score `each` on the board.
    fn field(each: [i64; FIELD_TOTAL as usize]) -> Field {
        let mut f = histogram(&each);
        f.each_game = each.to_vec();
        f
    }

    #[test]
    fn the_place_is_among_the_players_totals_over_the_boards() {
        // Board 1: players 0..11 score −2, the rest +2. Board 2: the
        // reverse, so every player's total is 0 but the histograms of
        // each board alone say nothing of it.
        let mut a = [-2; 22];
        let mut b = [2; 22];
        for i in 11..22 {
            a[i] = 2;
            b[i] = -2;
        }
        let (a, b) = (field(a), field(b));
        let level = FieldPlace::of(&[1, -1], &[&a, &b]).unwrap();
        assert_eq!((level.total, level.place, level.of, level.beaten), (0, 1, 23, 0.5));
        let ahead = FieldPlace::of(&[1, 0], &[&a, &b]).unwrap();
        assert_eq!((ahead.place, ahead.beaten), (1, 1.0));
        let behind = FieldPlace::of(&[-1, 0], &[&a, &b]).unwrap();
        assert_eq!((behind.place, behind.beaten), (23, 0.0));
    }

    #[test]
    fn ties_share_a_place_and_count_half() {
        // Players' totals: 0..=21 over one board.
        let mut each = [0; 22];
        for (i, s) in each.iter_mut().enumerate() {
            *s = i as i64;
        }
        let f = field(each);
        let p = FieldPlace::of(&[10], &[&f]).unwrap();
        // 11 players above (11..=21), one level, ten below.
        assert_eq!(p.place, 12);
        assert_eq!(p.beaten, (10.0 + 0.5) / 22.0);
        assert_eq!(p.beaten, f.beaten(10));
    }

    #[test]
    fn no_place_without_every_games_score() {
        let f = field([1; 22]);
        let mut old = f.clone();
        old.each_game.clear();
        assert!(FieldPlace::of(&[1], &[&f]).is_some());
        assert_eq!(FieldPlace::of(&[1, 1], &[&f, &old]), None);
        assert_eq!(FieldPlace::of(&[1, 1], &[&f]), None);
        assert_eq!(FieldPlace::of(&[], &[]), None);
        let mut short = f.clone();
        short.each_game.pop();
        assert_eq!(FieldPlace::of(&[1], &[&short]), None);
        // Hostile scores add up without overflow.
        let huge = field([i64::MAX; 22]);
        let p = FieldPlace::of(&[i64::MAX, i64::MAX], &[&huge, &huge]).unwrap();
        assert_eq!((p.total, p.place), (i64::MAX, 1));
    }
}
