//! The puzzle of the day: every puzzle of the library once, in an order
//! shuffled afresh for each round of the library's length, from the date
//! alone (Beijing's day, as the daily contest's, [`Date`]).

use crate::date::Date;
use crate::rng;
use crate::rng::derive;

/// Days from 2000-01-01 to `date`.
pub fn day_number(date: Date) -> u32 {
    // Howard Hinnant's days_from_civil, from 2000-03-01 eras.
    let (y, m, d) = (i64::from(date.year()), i64::from(date.month()), i64::from(date.day()));
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468; // since 1970-01-01
    (days - 10_957) as u32 // 2000-01-01 is day 10,957 since 1970
}

/// The index of the day's puzzle among `count` (more than 0): day `n` is
/// place `n mod count` of a shuffle seeded by the round `n / count`, so no
/// puzzle comes back before every other has had its day.
pub fn index_of_day(date: Date, count: usize) -> usize {
    let n = day_number(date) as usize;
    let count = count.max(1);
    let round = (n / count) as u64;
    let mut order: Vec<usize> = (0..count).collect();
    let mut r = rng::from_seed(derive(&[b"puzzle of the day", &round.to_le_bytes()]));
    rng::shuffle(&mut r, &mut order);
    order[n % count]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(s: &str) -> Date {
        s.parse().unwrap()
    }

    #[test]
    fn days_count_from_2000() {
        assert_eq!(day_number(date("2000-01-01")), 0);
        assert_eq!(day_number(date("2000-03-01")), 60);
        assert_eq!(day_number(date("2001-01-01")), 366);
        assert_eq!(day_number(date("2026-11-28")) - day_number(date("2026-11-27")), 1);
        // Every day of four years is the next number.
        let first = Date::of_unix_ms(1_767_225_600_000.0).unwrap(); // 2026-01-01 Beijing
        for k in 0..1461u32 {
            let d = Date::of_unix_ms(1_767_225_600_000.0 + f64::from(k) * 86_400_000.0).unwrap();
            assert_eq!(day_number(d), day_number(first) + k, "{d}");
        }
    }

    #[test]
    fn a_round_of_days_visits_every_puzzle_once() {
        let start = day_number(date("2026-01-01"));
        let count = 37;
        let first_of_round = (start as usize / count + 1) * count;
        let mut seen = vec![false; count];
        for n in first_of_round..first_of_round + count {
            let ms = (f64::from(10_957 + n as u32)) * 86_400_000.0;
            let i = index_of_day(Date::of_unix_ms(ms).unwrap(), count);
            assert!(!seen[i], "day {n} repeats puzzle {i}");
            seen[i] = true;
        }
        assert_eq!(
            index_of_day(date("2026-05-01"), count),
            index_of_day(date("2026-05-01"), count)
        );
    }
}
