//! Where a reading was taken (issue 35): at home, or at the clinic ("office" in the
//! guidelines' words). The guidelines judge office and out-of-office blood pressure apart
//! (2025 AHA/ACC guideline: BP categories based on office and out-of-office measurements),
//! so a clinic reading is kept, shown and marked, but never enters the home average.

use kernel::FieldErrors;

use crate::rules;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Setting {
    /// Self-measured at home, as every reading before issue 35 was.
    #[default]
    Home,
    /// Taken at the clinic (office blood pressure).
    Office,
}

impl Setting {
    /// The wire and storage name: `home` or `office`.
    pub fn code(self) -> &'static str {
        match self {
            Setting::Home => "home",
            Setting::Office => "office",
        }
    }

    pub fn parse(v: &str) -> Option<Self> {
        match v {
            "home" => Some(Setting::Home),
            "office" => Some(Setting::Office),
            _ => None,
        }
    }

    /// The setting as sent: `None` (not sent) is `default`; anything but a code adds
    /// `rules.json`'s `settingInvalid` to `errors`.
    pub fn from_input(sent: Option<&str>, default: Setting, errors: &mut FieldErrors) -> Setting {
        match sent.map(str::trim) {
            None => default,
            Some(raw) => Setting::parse(raw).unwrap_or_else(|| {
                errors.add(FIELD, rules::MSG_SETTING_INVALID);
                default
            }),
        }
    }
}

/// The field's name in requests and error bodies.
pub const FIELD: &str = "setting";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_back_and_nothing_else_is_a_setting() {
        for s in [Setting::Home, Setting::Office] {
            assert_eq!(Setting::parse(s.code()), Some(s));
        }
        assert_eq!(Setting::default(), Setting::Home);
        for bad in ["", "Home", "clinic", "OFFICE", "work"] {
            assert_eq!(Setting::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn not_sent_is_the_default_and_a_wrong_value_is_refused_with_the_message() {
        let mut errors = FieldErrors::new();
        assert_eq!(
            Setting::from_input(None, Setting::Office, &mut errors),
            Setting::Office
        );
        assert_eq!(
            Setting::from_input(Some(" office "), Setting::Home, &mut errors),
            Setting::Office
        );
        assert!(errors.is_empty());
        Setting::from_input(Some("clinic"), Setting::Home, &mut errors);
        assert_eq!(errors.get(FIELD), Some("Setting must be home or office"));
    }
}
