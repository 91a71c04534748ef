//! A calendar date, for the daily contest and the puzzle of the day. The
//! engine never reads the clock: the caller passes the time
//! ([`Date::of_unix_ms`]).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The daily contest's day starts at midnight Beijing time (UTC+8), when
/// most of its players' day does, and is the same day everywhere.
pub const DAILY_UTC_OFFSET_HOURS: i64 = 8;

/// A day of the proleptic Gregorian calendar, years 2000 to 9999.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Date {
    year: u16,
    month: u8,
    day: u8,
}

/// Why numbers or text are not a date.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum DateError {
    /// Not `YYYY-MM-DD`.
    #[error("'{0}' is not a date (YYYY-MM-DD)")]
    Syntax(String),
    /// No such day.
    #[error("{year:04}-{month:02}-{day:02} is not a day (years 2000 to 9999)")]
    NoSuchDay {
        /// The year given.
        year: u16,
        /// The month given.
        month: u8,
        /// The day given.
        day: u8,
    },
}

fn is_leap(year: u16) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

fn days_in(year: u16, month: u8) -> u8 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Date {
    /// The day, checked.
    pub fn new(year: u16, month: u8, day: u8) -> Result<Date, DateError> {
        let ok = (2000..=9999).contains(&year) && (1..=12).contains(&month) && day >= 1 && day <= days_in(year, month);
        if ok {
            Ok(Date { year, month, day })
        } else {
            Err(DateError::NoSuchDay { year, month, day })
        }
    }

    /// The daily contest's day at `unix_ms` milliseconds since 1970 (UTC):
    /// the date in UTC+8. `None` outside the years 2000 to 9999.
    pub fn of_unix_ms(unix_ms: f64) -> Option<Date> {
        if !unix_ms.is_finite() {
            return None;
        }
        let shifted = unix_ms / 1000.0 + (DAILY_UTC_OFFSET_HOURS * 3600) as f64;
        let days = (shifted / 86_400.0).floor();
        // Far outside the years 2000 to 9999 either way: no overflow below.
        if days.abs() > 1e9 {
            return None;
        }
        Date::from_day_number(days as i64)
    }

    /// The day `n` days after 1970-01-01 (Howard Hinnant's
    /// civil_from_days); `None` outside the years 2000 to 9999.
    pub fn from_day_number(n: i64) -> Option<Date> {
        let z = n.checked_add(719_468)?;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe.checked_add(era.checked_mul(400)?)? + i64::from(month <= 2);
        Date::new(u16::try_from(year).ok()?, month as u8, day as u8).ok()
    }

    /// Days since 1970-01-01 (days_from_civil), so that consecutive days
    /// differ by one.
    pub fn day_number(self) -> i64 {
        let (month, day) = (i64::from(self.month), i64::from(self.day));
        let year = i64::from(self.year) - i64::from(month <= 2);
        let era = year.div_euclid(400);
        let yoe = year.rem_euclid(400);
        let mp = (month + 9) % 12;
        let doy = (153 * mp + 2) / 5 + day - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The day before (`None` before 2000-01-01).
    pub fn previous(self) -> Option<Date> {
        Date::from_day_number(self.day_number() - 1)
    }

    /// The year.
    pub fn year(self) -> u16 {
        self.year
    }

    /// The month, 1 to 12.
    pub fn month(self) -> u8 {
        self.month
    }

    /// The day of the month, from 1.
    pub fn day(self) -> u8 {
        self.day
    }
}

impl FromStr for Date {
    type Err = DateError;
    /// `YYYY-MM-DD`.
    fn from_str(text: &str) -> Result<Date, DateError> {
        let syntax = || DateError::Syntax(text.trim().to_string());
        let parts: Vec<&str> = text.trim().split('-').collect();
        let [y, m, d] = parts.as_slice() else {
            return Err(syntax());
        };
        let num = |s: &str, len: usize| {
            (s.len() == len && s.bytes().all(|b| b.is_ascii_digit()))
                .then(|| s.parse::<u16>().ok())
                .flatten()
                .ok_or_else(syntax)
        };
        Date::new(num(y, 4)?, num(m, 2)? as u8, num(d, 2)? as u8)
    }
}

impl fmt::Display for Date {
    /// `YYYY-MM-DD`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_checked() {
        assert_eq!(
            "2026-11-27".parse::<Date>().map(|d| d.to_string()),
            Ok("2026-11-27".into())
        );
        assert!("2024-02-29".parse::<Date>().is_ok());
        assert!("2100-02-29".parse::<Date>().is_err());
        assert!("2000-02-29".parse::<Date>().is_ok());
        assert!("2026-04-31".parse::<Date>().is_err());
        assert!("2026-13-01".parse::<Date>().is_err());
        assert!("1999-12-31".parse::<Date>().is_err());
        assert!("2026-1-1".parse::<Date>().is_err());
        assert!("+026-01-01".parse::<Date>().is_err());
        assert!("yesterday".parse::<Date>().is_err());
    }

    #[test]
    fn the_day_turns_at_midnight_in_beijing() {
        // 2026-11-27T15:59:59Z is 23:59:59 in Beijing; a second later, the 28th.
        let ms = |s: i64| s as f64 * 1000.0;
        let before = 1_795_795_199; // 2026-11-27T15:59:59Z
        assert_eq!(Date::of_unix_ms(ms(before)).unwrap().to_string(), "2026-11-27");
        assert_eq!(Date::of_unix_ms(ms(before + 1)).unwrap().to_string(), "2026-11-28");
        assert_eq!(Date::of_unix_ms(ms(951_782_400)).unwrap().to_string(), "2000-02-29");
        assert_eq!(Date::of_unix_ms(0.0), None);
        assert_eq!(Date::of_unix_ms(f64::NAN), None);
        assert_eq!(Date::of_unix_ms(1e300), None);
        // Every day of four years, in order, with no gap.
        let mut last: Option<Date> = None;
        for d in 0..1461 {
            let date = Date::of_unix_ms(ms(1_767_225_600 + d * 86_400)).unwrap();
            if let Some(prev) = last {
                assert!(date > prev);
            }
            last = Some(date);
        }
    }

    #[test]
    fn day_numbers_count_days_and_read_back() {
        let day = |s: &str| s.parse::<Date>().unwrap();
        assert_eq!(day("2000-01-01").day_number(), 10_957);
        assert_eq!(day("2024-03-01").day_number() - day("2024-02-28").day_number(), 2);
        assert_eq!(day("2026-01-01").previous(), Some(day("2025-12-31")));
        assert_eq!(day("2000-01-01").previous(), None);
        assert_eq!(Date::from_day_number(i64::MAX), None);
        assert_eq!(Date::from_day_number(i64::MIN), None);
        let first = day("2000-01-01").day_number();
        let last = day("9999-12-31").day_number();
        assert_eq!(Date::from_day_number(last + 1), None);
        for n in (first..=last).step_by(97).chain([last]) {
            assert_eq!(Date::from_day_number(n).unwrap().day_number(), n);
        }
    }
}
