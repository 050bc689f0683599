//! Input rules of the accounts screens, with the messages of the product spec (section 5).
//! The limits and messages are generated from `crates/identity/rules.json`, which the client
//! imports too (`frontend/src/lib/rules.ts`): change them there.

use chrono::{Datelike, NaiveDate};
use kernel::rules::MSG_EMAIL_INVALID;
use kernel::{Email, FieldErrors};

use crate::model::Gender;

include!(concat!(env!("OUT_DIR"), "/rules.rs"));

pub fn check_email(raw: &str, errors: &mut FieldErrors) -> Option<Email> {
    match Email::parse(raw) {
        Ok(e) => Some(e),
        Err(_) => {
            errors.add("email", MSG_EMAIL_INVALID);
            None
        }
    }
}

pub fn check_username(raw: &str, errors: &mut FieldErrors) {
    let name = raw.trim();
    let len = name.chars().count();
    if len == 0 {
        errors.add("username", MSG_USERNAME_REQUIRED);
    } else if len < USERNAME_MIN {
        errors.add("username", MSG_USERNAME_MIN);
    } else if len > USERNAME_MAX {
        errors.add("username", MSG_USERNAME_MAX);
    } else if name.chars().any(|c| c.is_whitespace() || c.is_control()) {
        errors.add("username", MSG_USERNAME_CHARS);
    } else if name.contains('@') {
        errors.add("username", MSG_USERNAME_AT);
    }
}

/// The registration password rule: 8 to 128 characters, at least one lower-case letter,
/// upper-case letter, digit and special from `@$!%*?&`, and nothing else.
pub fn check_new_password(password: &str, field: &str, errors: &mut FieldErrors) {
    let len = password.chars().count();
    if len == 0 {
        errors.add(field, MSG_PASSWORD_REQUIRED);
        return;
    }
    if len < PASSWORD_MIN {
        errors.add(field, MSG_PASSWORD_MIN);
        return;
    }
    if len > PASSWORD_MAX {
        errors.add(field, MSG_PASSWORD_MAX);
        return;
    }
    let lower = password.chars().any(|c| c.is_ascii_lowercase());
    let upper = password.chars().any(|c| c.is_ascii_uppercase());
    let digit = password.chars().any(|c| c.is_ascii_digit());
    let special = password.chars().any(|c| PASSWORD_SPECIALS.contains(c));
    let only_allowed = password
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || PASSWORD_SPECIALS.contains(c));
    if !(lower && upper && digit && special && only_allowed) {
        errors.add(field, MSG_PASSWORD_CLASSES);
    }
}

/// Trimmed name, at most [`NAME_MAX`] characters.
pub fn check_name(raw: &str, field: &str, errors: &mut FieldErrors) -> String {
    let name = raw.trim();
    if name.chars().count() > NAME_MAX {
        errors.add(field, MSG_NAME_MAX);
    } else if kernel::text::has_stray_controls(name, false) {
        errors.add(field, MSG_NAME_CONTROL);
    }
    name.to_owned()
}

/// Empty clears the date; otherwise a real calendar date that makes the user 18 or older.
pub fn check_date_of_birth(
    raw: &str,
    today: NaiveDate,
    errors: &mut FieldErrors,
) -> Option<Option<NaiveDate>> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Some(None);
    }
    let Ok(date) = kernel::date::parse_date(raw) else {
        errors.add("dateOfBirth", MSG_DOB_FORMAT);
        return None;
    };
    if date.year() < 1900 || age_on(date, today).is_none_or(|a| a < MINIMUM_AGE) {
        errors.add(
            "dateOfBirth",
            if date > today {
                MSG_DOB_FUTURE
            } else if date.year() < 1900 {
                MSG_DOB_FORMAT
            } else {
                MSG_UNDER_18
            },
        );
        return None;
    }
    Some(Some(date))
}

/// Whole years between `born` and `today`; `None` when `born` is in the future.
pub fn age_on(born: NaiveDate, today: NaiveDate) -> Option<u32> {
    if born > today {
        return None;
    }
    let mut years = today.year() - born.year();
    if (today.month(), today.day()) < (born.month(), born.day()) {
        years -= 1;
    }
    u32::try_from(years).ok()
}

pub fn check_gender(raw: &str, errors: &mut FieldErrors) -> Option<Gender> {
    let parsed = Gender::parse(raw.trim());
    if parsed.is_none() {
        errors.add("gender", MSG_GENDER);
    }
    parsed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn password_errors(p: &str) -> Option<String> {
        let mut e = FieldErrors::new();
        check_new_password(p, "password", &mut e);
        e.get("password").map(str::to_owned)
    }

    #[test]
    fn password_rule_matches_spec() {
        assert_eq!(password_errors("Abcdef1!"), None);
        assert_eq!(password_errors("Zz9&Zz9&Zz9&"), None);
        assert_eq!(password_errors(""), Some(MSG_PASSWORD_REQUIRED.into()));
        assert_eq!(password_errors("Ab1!"), Some(MSG_PASSWORD_MIN.into()));
        for missing_class in ["abcdefg1!", "ABCDEFG1!", "Abcdefgh!", "Abcdefgh1"] {
            assert_eq!(
                password_errors(missing_class),
                Some(MSG_PASSWORD_CLASSES.into()),
                "{missing_class}"
            );
        }
        // Only letters, digits and @$!%*?& are allowed.
        assert_eq!(
            password_errors("Abcdef1!#"),
            Some(MSG_PASSWORD_CLASSES.into())
        );
        assert_eq!(
            password_errors("Abcdef1! x"),
            Some(MSG_PASSWORD_CLASSES.into())
        );
        assert_eq!(
            password_errors(&format!("Aa1!{}", "a".repeat(125))),
            Some(MSG_PASSWORD_MAX.into())
        );
    }

    #[test]
    fn username_rule() {
        let check = |u: &str| {
            let mut e = FieldErrors::new();
            check_username(u, &mut e);
            e.get("username").map(str::to_owned)
        };
        assert_eq!(check("ann"), None);
        assert_eq!(check(""), Some(MSG_USERNAME_REQUIRED.into()));
        assert_eq!(check("an"), Some(MSG_USERNAME_MIN.into()));
        assert_eq!(check("  an  "), Some(MSG_USERNAME_MIN.into()));
        assert_eq!(check("ann lee"), Some(MSG_USERNAME_CHARS.into()));
        assert_eq!(check(&"a".repeat(51)), Some(MSG_USERNAME_MAX.into()));
        assert_eq!(check("VICTIM@EXAMPLE.COM"), Some(MSG_USERNAME_AT.into()));
        assert_eq!(check("ann@"), Some(MSG_USERNAME_AT.into()));
    }

    #[test]
    fn date_of_birth_requires_eighteen_years() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 22).expect("date");
        let check = |d: &str| {
            let mut e = FieldErrors::new();
            let v = check_date_of_birth(d, today, &mut e);
            (v, e.get("dateOfBirth").map(str::to_owned))
        };
        let born_18_today = NaiveDate::from_ymd_opt(2008, 11, 22).expect("date");
        assert_eq!(check("2008-11-22"), (Some(Some(born_18_today)), None));
        assert_eq!(check("2008-11-23"), (None, Some(MSG_UNDER_18.into())));
        assert_eq!(check(""), (Some(None), None));
        assert_eq!(check("2001-02-30"), (None, Some(MSG_DOB_FORMAT.into())));
        assert_eq!(check("2030-01-01"), (None, Some(MSG_DOB_FUTURE.into())));
        assert_eq!(check("2026-11-23"), (None, Some(MSG_DOB_FUTURE.into())));
        assert_eq!(
            MSG_DOB_FUTURE, "Date of birth cannot be in the future.",
            "the client says the same (frontend/src/features/profile/schemas.ts)"
        );
        assert_eq!(check("1899-12-31"), (None, Some(MSG_DOB_FORMAT.into())));
        assert_eq!(check("22/11/1990"), (None, Some(MSG_DOB_FORMAT.into())));
    }

    #[test]
    fn age_counts_birthdays() {
        let d = |y, m, dd| NaiveDate::from_ymd_opt(y, m, dd).expect("date");
        assert_eq!(age_on(d(2000, 2, 29), d(2018, 2, 28)), Some(17));
        assert_eq!(age_on(d(2000, 2, 29), d(2018, 3, 1)), Some(18));
        assert_eq!(age_on(d(2030, 1, 1), d(2026, 1, 1)), None);
    }

    #[test]
    fn gender_values() {
        let mut e = FieldErrors::new();
        assert_eq!(
            check_gender("prefer-not-to-say", &mut e),
            Some(Gender::PreferNotToSay)
        );
        assert!(e.is_empty());
        assert_eq!(check_gender("unknown", &mut e), None);
        assert_eq!(e.get("gender"), Some(MSG_GENDER));
    }
}
