//! Numbers as the app shows them: significant digits, percentages,
//! thousands separators, the minus sign. Charts and the lab's words use them.

/// `-12` as `⁻¹²`.
pub(crate) fn superscript(e: i32) -> String {
    e.to_string()
        .chars()
        .map(|c| match c {
            '-' => '⁻',
            d => "⁰¹²³⁴⁵⁶⁷⁸⁹"
                .chars()
                .nth(d.to_digit(10).unwrap_or(0) as usize)
                .unwrap_or(d),
        })
        .collect()
}

fn trim_zeros(text: String) -> String {
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// `v` to `digits` significant digits: `0.293`, `1820`, and beyond that
/// range `1.82×10⁻⁵`; never a row of zeros for a small number.
pub fn sig(v: f64, digits: usize) -> String {
    if !v.is_finite() {
        return v.to_string();
    }
    if v == 0.0 {
        return "0".into();
    }
    let digits = digits.clamp(1, 12);
    let e = v.abs().log10().floor() as i32;
    if (-3..6).contains(&e) {
        let decimals = (digits as i32 - 1 - e).max(0) as usize;
        return trim_zeros(format!("{v:.decimals$}"));
    }
    let mantissa = |e: i32| format!("{:.*}", digits - 1, v / 10f64.powi(e));
    let (mut e, mut m) = (e, mantissa(e));
    if m.trim_start_matches('-').starts_with("10") {
        e += 1;
        m = mantissa(e);
    }
    format!("{}×10{}", trim_zeros(m), superscript(e))
}

/// A share as a percentage, with a decimal or significant digits when it
/// is small: `31%`, `4.2%`, `0.03%`.
pub fn percent(v: f64) -> String {
    let p = 100.0 * v;
    if p == 0.0 || !p.is_finite() || p.abs() >= 9.95 {
        format!("{p:.0}%")
    } else if p.abs() >= 0.95 {
        format!("{p:.1}%")
    } else {
        format!("{}%", sig(p, 1))
    }
}

/// `-5` as `−5`: the minus sign, wider than a hyphen, reads from the back
/// of a room.
pub(crate) fn minus_sign(text: String) -> String {
    match text.strip_prefix('-') {
        Some(rest) => format!("−{rest}"),
        None => text,
    }
}

/// `1600` as `1,600`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_numbers_keep_their_digits() {
        assert_eq!(sig(0.000018205206178164835, 3), "1.82×10⁻⁵");
        assert_eq!(sig(2.84922006342909e-103, 2), "2.8×10⁻¹⁰³");
        assert_eq!(sig(0.29300, 3), "0.293");
        assert_eq!(sig(0.0012345, 3), "0.00123");
        assert_eq!(sig(9.996e-7, 3), "1×10⁻⁶");
        assert_eq!(sig(1234.0, 3), "1234");
        assert_eq!(sig(0.0, 3), "0");
        assert_eq!(percent(0.3125), "31%");
        assert_eq!(percent(0.042), "4.2%");
        assert_eq!(percent(0.0003), "0.03%");
        assert_eq!(thousands(1600), "1,600");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
