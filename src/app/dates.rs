//! Dates and times as the user types them (`--since`, `--until`) and as the store keeps them.

use crate::error::UsageError;

/// `--since`/`--until`'s value as the store keeps start times (`2026-12-05T02:15:45Z`, UTC): a
/// day (`2026-12-05`) takes `clock` as its time, a time is taken as it is.
pub fn time(flag: &str, text: &str, clock: &str) -> Result<String, UsageError> {
    let whole = match text.len() {
        10 => format!("{text}T{clock}Z"),
        _ => text.to_string(),
    };
    let digits = |range: std::ops::Range<usize>, most: u32| {
        (whole.get(range))
            .filter(|d| d.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|d| d.parse::<u32>().ok())
            .is_some_and(|v| v <= most)
    };
    let shaped = whole.len() == 20
        && whole.as_bytes()[4] == b'-'
        && whole.as_bytes()[7] == b'-'
        && whole.as_bytes()[10] == b'T'
        && whole.as_bytes()[13] == b':'
        && whole.as_bytes()[16] == b':'
        && whole.as_bytes()[19] == b'Z'
        && digits(0..4, 9999)
        && digits(5..7, 12)
        && digits(8..10, 31)
        && digits(11..13, 23)
        && digits(14..16, 59)
        && digits(17..19, 59);
    match shaped && !whole[5..7].starts_with("00") && !whole[8..10].starts_with("00") {
        true => Ok(whole),
        false => Err(UsageError::Invalid(format!(
            "{flag} '{}' is not a date: give a day, YYYY-MM-DD (UTC), or a time, \
             YYYY-MM-DDTHH:MM:SSZ",
            crate::error::quote(text)
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::time;

    #[test]
    fn days_and_times_become_stored_start_times() {
        assert_eq!(
            time("--since", "2026-12-05", "00:00:00").unwrap(),
            "2026-12-05T00:00:00Z"
        );
        assert_eq!(
            time("--until", "2026-12-05", "23:59:59").unwrap(),
            "2026-12-05T23:59:59Z"
        );
        assert_eq!(
            time("--until", "2026-12-05T02:15:45Z", "23:59:59").unwrap(),
            "2026-12-05T02:15:45Z"
        );
        for bad in [
            "yesterday",
            "2026-13-01",
            "2026-12-00",
            "2026-1-5",
            "2026-12-05T24:00:00Z",
            "",
        ] {
            let message = time("--since", bad, "00:00:00").unwrap_err().to_string();
            assert!(
                message.contains("--since") && message.contains("YYYY-MM-DD"),
                "{message}"
            );
        }
    }
}
