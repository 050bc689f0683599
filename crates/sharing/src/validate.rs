//! Checking the create form, field by field, with the messages the form shows.

use chrono::{Duration, NaiveDate};
use kernel::FieldErrors;
use kernel::rules::{MSG_DATE_LIKE, MSG_RECIPIENT_INVALID};
use kernel::text::has_stray_controls;

use crate::model::{LAST_DAYS, LIFETIMES, Period, ShareInput};
use crate::rules::{
    CODE_MAX, CODE_MIN, LABEL_MAX, MSG_CODE_CHARS, MSG_CODE_LONG, MSG_CODE_SHORT, MSG_DAYS,
    MSG_FROM_FUTURE, MSG_FROM_REQUIRED, MSG_FROM_TOO_EARLY, MSG_LABEL_LONG, MSG_LABEL_REQUIRED,
    MSG_LIFETIME, MSG_PERIOD, MSG_SHOWN_NAME_LONG, MSG_SHOWN_NAME_REQUIRED, MSG_TEXT_CONTROLS,
};

/// A checked create form.
#[derive(Debug, Clone, PartialEq)]
pub struct Checked {
    pub label: String,
    pub shown_name: String,
    pub period: Period,
    pub lifetime_days: i64,
    pub access_code: Option<String>,
    pub email: Option<kernel::Email>,
}

fn text(errors: &mut FieldErrors, field: &str, raw: &str, msgs: (&str, &str)) -> String {
    let v = raw.trim().to_owned();
    if v.is_empty() {
        errors.add(field, msgs.0);
    } else if v.chars().count() > LABEL_MAX {
        errors.add(field, msgs.1);
    } else if has_stray_controls(&v, false) {
        errors.add(field, MSG_TEXT_CONTROLS);
    }
    v
}

fn period(errors: &mut FieldErrors, input: &ShareInput, today: NaiveDate) -> Option<Period> {
    let days = || match input.days {
        Some(d) if LAST_DAYS.contains(&d) => Some(d),
        _ => None,
    };
    match input.period_kind.trim() {
        "since" => {
            let raw = input.from.trim();
            if raw.is_empty() {
                errors.add("from", MSG_FROM_REQUIRED);
                return None;
            }
            let Some(from) = kernel::date::parse_form_date(raw) else {
                errors.add("from", MSG_DATE_LIKE);
                return None;
            };
            if from > today {
                errors.add("from", MSG_FROM_FUTURE);
                None
            } else if from < today - Duration::days(reports::rules::MAX_PERIOD_DAYS) {
                // A report's bound: it keeps one view's readings, time and memory bounded.
                errors.add("from", MSG_FROM_TOO_EARLY);
                None
            } else {
                Some(Period::Since(from))
            }
        }
        "fixed" | "rolling" => {
            let Some(d) = days() else {
                errors.add("days", MSG_DAYS);
                return None;
            };
            Some(if input.period_kind.trim() == "rolling" {
                Period::Rolling { days: d }
            } else {
                Period::Fixed {
                    from: today - Duration::days(d - 1),
                    to: today,
                }
            })
        }
        _ => {
            errors.add("periodKind", MSG_PERIOD);
            None
        }
    }
}

/// Checks the form as of the owner's `today`.
pub fn check(input: &ShareInput, today: NaiveDate) -> Result<Checked, FieldErrors> {
    let mut errors = FieldErrors::new();
    let label = text(
        &mut errors,
        "label",
        &input.label,
        (MSG_LABEL_REQUIRED, MSG_LABEL_LONG),
    );
    let shown_name = text(
        &mut errors,
        "shownName",
        &input.shown_name,
        (MSG_SHOWN_NAME_REQUIRED, MSG_SHOWN_NAME_LONG),
    );
    let period = period(&mut errors, input, today);
    let lifetime = input.lifetime_days.filter(|d| LIFETIMES.contains(d));
    if lifetime.is_none() {
        errors.add("lifetimeDays", MSG_LIFETIME);
    }
    // The code is given as typed: no trimming, so what the clinician types is what counts.
    let code = &input.access_code;
    let access_code = if code.is_empty() {
        None
    } else {
        let n = code.chars().count();
        if n < CODE_MIN {
            errors.add("accessCode", MSG_CODE_SHORT);
        } else if n > CODE_MAX {
            errors.add("accessCode", MSG_CODE_LONG);
        } else if code.chars().any(|c| c.is_whitespace() || c.is_control()) {
            errors.add("accessCode", MSG_CODE_CHARS);
        }
        Some(code.clone())
    };
    let email = match input.email.trim() {
        "" => None,
        raw => match kernel::Email::parse(raw) {
            Ok(e) => Some(e),
            Err(_) => {
                errors.add("email", MSG_RECIPIENT_INVALID);
                None
            }
        },
    };
    errors.into_result()?;
    match (period, lifetime) {
        (Some(period), Some(lifetime_days)) => Ok(Checked {
            label,
            shown_name,
            period,
            lifetime_days,
            access_code,
            email,
        }),
        // Every missing piece recorded its message above.
        _ => Err(FieldErrors::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").expect("date")
    }

    fn input() -> ShareInput {
        ShareInput {
            label: " Dr Patel, January visit ".into(),
            shown_name: "Ann Smith".into(),
            period_kind: "rolling".into(),
            days: Some(30),
            lifetime_days: Some(7),
            ..ShareInput::default()
        }
    }

    #[test]
    fn accepts_each_period_kind() {
        let today = d("2026-11-25");
        let c = check(&input(), today).expect("valid");
        assert_eq!(c.label, "Dr Patel, January visit");
        assert_eq!(c.period, Period::Rolling { days: 30 });
        let fixed = ShareInput {
            period_kind: "fixed".into(),
            days: Some(90),
            ..input()
        };
        assert_eq!(
            check(&fixed, today).expect("valid").period,
            Period::Fixed {
                from: d("2026-08-28"),
                to: today
            }
        );
        let since = ShareInput {
            period_kind: "since".into(),
            from: "2026-01-05".into(),
            days: None,
            ..input()
        };
        assert_eq!(
            check(&since, today).expect("valid").period,
            Period::Since(d("2026-01-05"))
        );
    }

    #[test]
    fn names_each_field_at_fault() {
        let today = d("2026-11-25");
        let bad = ShareInput {
            label: "  ".into(),
            shown_name: "x".repeat(101),
            period_kind: "fixed".into(),
            days: Some(31),
            lifetime_days: Some(2),
            access_code: "12345".into(),
            email: "not-an-address".into(),
            ..ShareInput::default()
        };
        let e = check(&bad, today).expect_err("invalid");
        assert_eq!(e.get("label"), Some(MSG_LABEL_REQUIRED));
        assert_eq!(e.get("shownName"), Some(MSG_SHOWN_NAME_LONG));
        assert_eq!(e.get("days"), Some(MSG_DAYS));
        assert_eq!(e.get("lifetimeDays"), Some(MSG_LIFETIME));
        assert_eq!(e.get("accessCode"), Some(MSG_CODE_SHORT));
        assert_eq!(e.get("email"), Some(MSG_RECIPIENT_INVALID));
        let e = check(
            &ShareInput {
                period_kind: "forever".into(),
                ..input()
            },
            today,
        )
        .expect_err("invalid");
        assert_eq!(e.get("periodKind"), Some(MSG_PERIOD));
    }

    #[test]
    fn since_is_bounded_by_today_and_ten_years() {
        let today = d("2026-11-25");
        let since = |from: &str| ShareInput {
            period_kind: "since".into(),
            from: from.into(),
            ..input()
        };
        let e = check(&since("2026-11-26"), today).expect_err("future");
        assert_eq!(e.get("from"), Some(MSG_FROM_FUTURE));
        let e = check(&since("2016-11-01"), today).expect_err("too early");
        assert_eq!(e.get("from"), Some(MSG_FROM_TOO_EARLY));
        let e = check(&since("11/01/2026"), today).expect_err("format");
        assert_eq!(e.get("from"), Some(MSG_DATE_LIKE));
        let e = check(&since(""), today).expect_err("missing");
        assert_eq!(e.get("from"), Some(MSG_FROM_REQUIRED));
        assert!(check(&since("2016-11-26"), today).is_ok());
    }

    #[test]
    fn access_code_is_kept_as_typed_and_checked() {
        let today = d("2026-11-25");
        let with = |code: &str| ShareInput {
            access_code: code.into(),
            ..input()
        };
        assert_eq!(
            check(&with("Patel-2026"), today)
                .expect("valid")
                .access_code
                .as_deref(),
            Some("Patel-2026")
        );
        let e = check(&with("abc def"), today).expect_err("space");
        assert_eq!(e.get("accessCode"), Some(MSG_CODE_CHARS));
        let e = check(&with(&"a".repeat(65)), today).expect_err("long");
        assert_eq!(e.get("accessCode"), Some(MSG_CODE_LONG));
        assert_eq!(check(&input(), today).expect("valid").access_code, None);
    }
}
