//! What history's search box matches. The rule, in full:
//!
//! - Any text matches a reading whose notes contain it (case-insensitive) or whose date,
//!   stored as YYYY-MM-DD, contains it.
//! - A number (`142`, `72.5`) also matches a reading with a measure whose value, **as the
//!   user sees it** (their units, the display's precision), equals that number: systolic,
//!   diastolic or heart rate 142; weight 72.5 in their weight unit; blood sugar 98 mg/dL or
//!   5.4 mmol/L. `72` matches a weight shown as 72.0 kg, not one shown as 72.4 kg; a number
//!   with more decimals than the display has (72.45) matches no weight or sugar.
//! - Two whole numbers with a slash (`142/90`) also match a blood pressure of exactly
//!   systolic 142 and diastolic 90.
//!
//! The units are the user's preferences as stored (the server reads them; the client never
//! says which units it shows).

use kernel::units::{BloodSugarUnit, KG_PER_LB, MGDL_PER_MMOL, Units, WeightUnit};

/// How a stored (canonical) value becomes the user's unit, as the client computes it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Convert {
    Times(f64),
    DividedBy(f64),
}

impl Convert {
    pub fn apply(self, stored: f64) -> f64 {
        match self {
            Convert::Times(f) => stored * f,
            Convert::DividedBy(d) => stored / d,
        }
    }
}

/// The stored values shown as one number: those with `lo <= convert(stored) * scale < hi`.
/// The client shows `round(convert(stored) * scale) / scale` (halves rounded up, values are
/// positive), so the same floating-point steps in SQL pick exactly the readings it shows as
/// that number: no reading is found that shows otherwise, none that shows it is missed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ShownAs {
    pub convert: Convert,
    pub scale: f64,
    pub lo: f64,
    pub hi: f64,
}

impl ShownAs {
    /// `number` as shown with `decimals` places after `convert`; `None` when the number has
    /// more decimals than the display (nothing is shown as it).
    fn new(number: Decimal, convert: Convert, decimals: u32) -> Option<Self> {
        let extra = decimals.checked_sub(number.decimals)?;
        let steps = number.digits.checked_mul(10_i64.checked_pow(extra)?)?;
        // Exact: both are whole numbers far below 2^53.
        let k = steps as f64;
        Some(Self {
            convert,
            scale: f64::from(10_u32.pow(decimals)),
            lo: k - 0.5,
            hi: k + 0.5,
        })
    }

    /// Whether a stored value is shown as the number (the SQL condition, in Rust).
    pub fn matches(&self, stored: f64) -> bool {
        let shown = self.convert.apply(stored) * self.scale;
        self.lo <= shown && shown < self.hi
    }
}

/// A search box's text, read by the rule above.
#[derive(Debug, Clone, PartialEq)]
pub struct Search {
    /// Found in the notes or the date (trimmed; case is the store's business).
    pub text: String,
    /// Systolic, diastolic or heart rate equal to this.
    pub whole: Option<i32>,
    pub weight: Option<ShownAs>,
    pub sugar: Option<ShownAs>,
    /// Systolic and diastolic both equal to these.
    pub pressure: Option<(i32, i32)>,
}

impl Search {
    pub fn new(text: &str, units: Units) -> Self {
        let text = text.trim();
        let number = Decimal::parse(text);
        let weight = match units.weight {
            WeightUnit::Lbs => Convert::Times(1.0),
            WeightUnit::Kg => Convert::Times(KG_PER_LB),
        };
        let sugar = match units.sugar {
            BloodSugarUnit::MgDl => Convert::Times(1.0),
            BloodSugarUnit::MmolL => Convert::DividedBy(MGDL_PER_MMOL),
        };
        Self {
            text: text.to_owned(),
            whole: number.and_then(Decimal::whole),
            weight: number.and_then(|n| ShownAs::new(n, weight, units.weight.decimals())),
            sugar: number.and_then(|n| ShownAs::new(n, sugar, units.sugar.decimals())),
            pressure: text.split_once('/').and_then(|(s, d)| {
                let whole = |v: &str| Decimal::parse(v.trim()).and_then(Decimal::whole);
                Some((whole(s)?, whole(d)?))
            }),
        }
    }
}

/// A non-negative decimal as typed: `digits / 10^decimals`, trailing zeros dropped.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Decimal {
    digits: i64,
    decimals: u32,
}

impl Decimal {
    fn parse(s: &str) -> Option<Self> {
        let (int, frac) = s.split_once('.').unwrap_or((s, ""));
        let frac = frac.trim_end_matches('0');
        let digit_run = |p: &str| p.bytes().all(|b| b.is_ascii_digit());
        if int.is_empty() || int.len() > 6 || frac.len() > 6 || !digit_run(int) {
            return None;
        }
        if !digit_run(frac) || (s.contains('.') && s.ends_with('.')) {
            return None;
        }
        let digits = format!("{int}{frac}").parse().ok()?;
        Some(Self {
            digits,
            decimals: u32::try_from(frac.len()).ok()?,
        })
    }

    fn whole(self) -> Option<i32> {
        if self.decimals == 0 {
            i32::try_from(self.digits).ok()
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kernel::units::{lbs_to_kg, mgdl_to_mmol, round_to};

    const KG_MMOL: Units = Units {
        weight: WeightUnit::Kg,
        sugar: BloodSugarUnit::MmolL,
    };

    #[test]
    fn reads_numbers_and_pressures() {
        let s = Search::new(" 142 ", Units::CANONICAL);
        assert_eq!(s.text, "142");
        assert_eq!(s.whole, Some(142));
        assert!(s.weight.is_some() && s.sugar.is_some());
        assert_eq!(s.pressure, None);

        let s = Search::new("142/90", Units::CANONICAL);
        assert_eq!(
            (s.whole, s.weight, s.pressure),
            (None, None, Some((142, 90)))
        );
        assert_eq!(
            Search::new("95 / 60", Units::CANONICAL).pressure,
            Some((95, 60))
        );

        let s = Search::new("72.50", Units::CANONICAL);
        assert_eq!(s.whole, None, "a fraction is no heart rate");
        assert!(s.weight.is_some(), "72.5 lbs");
        assert_eq!(s.sugar, None, "mg/dL are shown whole");
        assert_eq!(Search::new("98.0", Units::CANONICAL).whole, Some(98));

        for text in [
            "coffee", "", "1e3", "-5", "72.", ".5", "1.2.3", "142/", "142/9.5", "9999999",
        ] {
            let s = Search::new(text, Units::CANONICAL);
            assert_eq!(
                (s.whole, s.weight, s.sugar, s.pressure),
                (None, None, None, None),
                "{text:?}"
            );
        }
        assert_eq!(
            Search::new("72.45", KG_MMOL).weight,
            None,
            "shown with one decimal"
        );
    }

    /// What the client shows (frontend/src/lib/units.ts `roundTo` of the converted value:
    /// halves up, which is half away from zero for these positive values).
    fn shown(value: f64, decimals: i32) -> f64 {
        round_to(value, decimals)
    }

    #[test]
    fn a_number_finds_exactly_the_values_shown_as_it() {
        // Weights as stored (4 decimals) around every shown tenth, in kg and lbs.
        for units in [Units::CANONICAL, KG_MMOL] {
            for typed in ["72.5", "72", "160.4", "70.3"] {
                let s = Search::new(typed, units).weight.expect("weight");
                let want: f64 = typed.parse().expect("n");
                for step in 1_400_000..1_700_000 {
                    let lbs = f64::from(step) / 10_000.0;
                    let as_shown = match units.weight {
                        WeightUnit::Kg => shown(lbs_to_kg(lbs), 1),
                        WeightUnit::Lbs => shown(lbs, 1),
                    };
                    assert_eq!(s.matches(lbs), as_shown == want, "{lbs} lbs for {typed}");
                }
            }
        }
        // Blood sugars (3 decimals) in mmol/L and mg/dL.
        for (units, typed) in [(KG_MMOL, "5.4"), (KG_MMOL, "7"), (Units::CANONICAL, "98")] {
            let s = Search::new(typed, units).sugar.expect("sugar");
            let want: f64 = typed.parse().expect("n");
            for step in 40_000..400_000 {
                let mgdl = f64::from(step) / 1000.0;
                let as_shown = match units.sugar {
                    BloodSugarUnit::MmolL => shown(mgdl_to_mmol(mgdl), 1),
                    BloodSugarUnit::MgDl => shown(mgdl, 0),
                };
                assert_eq!(
                    s.matches(mgdl),
                    as_shown == want,
                    "{mgdl} mg/dL for {typed}"
                );
            }
        }
    }

    #[test]
    fn known_values() {
        let kg = Search::new("70", KG_MMOL).weight.expect("w");
        assert!(kg.matches(154.3236), "154.3236 lbs is 70.0 kg");
        assert!(!kg.matches(155.0), "70.3 kg");
        let mmol = Search::new("5.5", KG_MMOL).sugar.expect("s");
        assert!(mmol.matches(99.088));
        assert!(!mmol.matches(100.89), "5.6 mmol/L");
        assert_eq!(round_to(mgdl_to_mmol(100.89), 1), 5.6);
        let lbs = Search::new("180.5", Units::CANONICAL).weight.expect("w");
        assert!(lbs.matches(180.45) == (shown(180.45, 1) == 180.5));
        assert!(lbs.matches(180.5) && !lbs.matches(180.55));
    }
}
