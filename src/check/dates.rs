//! Dates: every `date` of the data (errata, points revisions) is a day of the calendar,
//! `YYYY-MM-DD`. Serde reads them as strings, so `2023-13-45` would pass unread; this
//! looks at each `date = "…"` line of every loaded file.

use crate::cards::CardDb;
use crate::report::{Code, Finding};

pub fn check(db: &CardDb, findings: &mut Vec<Finding>) {
    for &file in &db.loaded {
        let text: &str = db.files.text(file);
        let mut offset = 0;
        for line in text.split_inclusive('\n') {
            if let Some((value, at)) = date_value(line)
                && !is_calendar_date(value)
            {
                let start = offset + at;
                findings.push(
                    Finding::error(
                        Code::InvalidValue,
                        format!("`{value}` is not a date of the calendar"),
                    )
                    .at(file, start..start + value.len())
                    .label("not YYYY-MM-DD")
                    .help("write the date as YYYY-MM-DD, with a month from 01 to 12 and a day that month has"),
                );
            }
            offset += line.len();
        }
    }
}

/// The string a `date = "…"` line sets, and where it starts in the line.
fn date_value(line: &str) -> Option<(&str, usize)> {
    let rest = line.trim_start().strip_prefix("date")?;
    let rest = rest.trim_start().strip_prefix('=')?.trim_start();
    let inner = rest.strip_prefix('"')?;
    let value = inner.split('"').next()?;
    let at = line.len() - inner.len();
    Some((value, at))
}

fn is_calendar_date(value: &str) -> bool {
    let mut parts = value.split('-');
    let (Some(year), Some(month), Some(day), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return false;
    };
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    if !(digits(year, 4) && digits(month, 2) && digits(day, 2)) {
        return false;
    }
    let (Ok(year), Ok(month), Ok(day)) = (
        year.parse::<u32>(),
        month.parse::<u32>(),
        day.parse::<u32>(),
    ) else {
        return false;
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calendar_dates_pass_and_impossible_ones_fail() {
        for good in ["2023-06-09", "2024-02-29", "2000-02-29", "1999-12-31"] {
            assert!(is_calendar_date(good), "{good}");
        }
        for bad in [
            "2023-13-45",
            "2023-02-29",
            "1900-02-29",
            "2023-04-31",
            "2023-00-10",
            "2023-6-9",
            "June 2023",
            "",
            "2023-06-09-01",
        ] {
            assert!(!is_calendar_date(bad), "{bad}");
        }
    }

    #[test]
    fn only_date_keys_are_read() {
        assert_eq!(
            date_value("date = \"2023-13-45\"\n"),
            Some(("2023-13-45", 8))
        );
        assert_eq!(date_value("  date=\"x\""), Some(("x", 8)));
        assert_eq!(date_value("date_note = \"May\""), None);
        assert_eq!(date_value("# date = \"x\""), None);
    }
}
