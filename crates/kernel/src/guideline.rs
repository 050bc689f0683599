//! Which blood pressure guideline a person reads their numbers by (issue 35): a preference
//! (accounts) that the readings, reports and sharing contexts read. The guidelines' numbers
//! and words are `readings`' (`crates/readings/rules.json`); this is only the name.

/// A guideline a person can choose. Each brings its own office categories, home thresholds,
/// severe rule and wording; they are never mixed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Guideline {
    /// 2025 AHA/ACC guideline (office categories unchanged from 2017). The default: the
    /// product's first guideline, and the one its severe guidance (the AHA's) comes from.
    #[default]
    AccAha2025,
    /// 2023 ESH guidelines for the management of arterial hypertension.
    Esh2023,
    /// 2024 ESC guidelines for the management of elevated blood pressure and hypertension.
    Esc2024,
}

impl Guideline {
    pub const ALL: [Guideline; 3] = [
        Guideline::AccAha2025,
        Guideline::Esh2023,
        Guideline::Esc2024,
    ];

    /// The code the API, the database and `rules.json` use.
    pub const fn code(self) -> &'static str {
        match self {
            Guideline::AccAha2025 => "acc-aha-2025",
            Guideline::Esh2023 => "esh-2023",
            Guideline::Esc2024 => "esc-2024",
        }
    }

    /// The exact code ([`Self::code`]); anything else is `None`.
    pub fn parse(v: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|g| g.code() == v)
    }
}

#[cfg(test)]
mod tests {
    use super::Guideline;

    #[test]
    fn codes_round_trip_and_nothing_else_parses() {
        for g in Guideline::ALL {
            assert_eq!(Guideline::parse(g.code()), Some(g));
        }
        assert_eq!(Guideline::parse("ACC-AHA-2025"), None);
        assert_eq!(Guideline::parse("jnc-7"), None);
        assert_eq!(Guideline::default(), Guideline::AccAha2025);
    }
}
