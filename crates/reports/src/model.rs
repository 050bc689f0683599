use chrono::{DateTime, NaiveDate, Utc};
use kernel::UserId;
use kernel::email_caps::Cap;
use kernel::outbox::Attachment;
use readings::Reading;
use readings::home_week::WeekSummary;

use crate::analysis::Analysis;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportType {
    Bp,
    Comprehensive,
    Weight,
    Sugar,
}

impl ReportType {
    pub fn parse(v: &str) -> Option<Self> {
        match v {
            "bp" => Some(Self::Bp),
            "comprehensive" => Some(Self::Comprehensive),
            "weight" => Some(Self::Weight),
            "sugar" => Some(Self::Sugar),
            _ => None,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Self::Bp => "bp",
            Self::Comprehensive => "comprehensive",
            Self::Weight => "weight",
            Self::Sugar => "sugar",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Self::Bp => "Blood Pressure Report",
            Self::Comprehensive => "Comprehensive Health Report",
            Self::Weight => "Weight Report",
            Self::Sugar => "Blood Sugar Report",
        }
    }
}

/// The create form as sent.
#[derive(Debug, Clone, Default)]
pub struct ReportInput {
    pub name: String,
    pub report_type: String,
    pub date_start: String,
    pub date_end: String,
    pub include_charts: bool,
    pub include_table: bool,
    pub include_analysis: bool,
}

/// A validated request.
#[derive(Debug, Clone, PartialEq)]
pub struct ReportSpec {
    pub name: String,
    pub report_type: ReportType,
    pub date_start: NaiveDate,
    pub date_end: NaiveDate,
    pub include_charts: bool,
    pub include_table: bool,
    pub include_analysis: bool,
}

/// The name a report gets when the user gives none: its title and period, as the create
/// form proposes it (frontend/src/features/reports/schemas.ts `defaultReportName`), e.g.
/// "Blood Pressure Report 10/23/2026 – 11/22/2026".
pub fn default_name(title: &str, start: NaiveDate, end: NaiveDate) -> String {
    format!(
        "{title} {} – {}",
        kernel::display::date(start),
        kernel::display::date(end)
    )
}

impl ReportSpec {
    /// A file name for the download: the report's own name (without the title and dates a
    /// default name repeats) as letters, digits and dashes only, other scripts transliterated
    /// ("Für Dr. Dvořák" -> "fur-dr-dvorak") so no mail client or OS mangles it, then the
    /// period in ISO form, which sorts.
    pub fn file_name(&self) -> String {
        let name = self
            .own_name()
            .unwrap_or_else(|| self.report_type.title().to_owned());
        let base: String = deunicode::deunicode(&name)
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '-'
                }
            })
            .collect();
        let base = base
            .split('-')
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join("-");
        let base = if base.is_empty() {
            "health-report".to_owned()
        } else {
            base
        };
        format!(
            "vitalog-{}-{}-to-{}.pdf",
            base.chars().take(60).collect::<String>(),
            self.date_start,
            self.date_end
        )
    }

    /// What the user's name for the report adds to its type's title and its period, which
    /// every place that shows the name shows already (the PDF's heading and period, the
    /// email's sentence, the file name's dates). `None` for a default name such as
    /// "Blood Pressure Report 10/23/2026 – 11/22/2026", so nothing is said twice.
    pub fn own_name(&self) -> Option<String> {
        let mut rest = self.name.trim();
        let title = self.report_type.title();
        // The title as a whole word only: "Weight Reports Q4" keeps its name.
        if rest
            .get(..title.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(title))
            && rest[title.len()..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_alphanumeric())
        {
            rest = &rest[title.len()..];
        }
        let mut rest = rest.to_owned();
        for d in [self.date_start, self.date_end] {
            for shown in [kernel::display::date(d), d.to_string()] {
                rest = rest.replace(&shown, " ");
            }
        }
        let words: Vec<&str> = rest.split_whitespace().collect();
        let joined = words.join(" ");
        let separators = |c: char| c.is_whitespace() || "–—-,:;/()".contains(c);
        let core = joined.trim_matches(separators);
        // What is left between two removed dates of a default name.
        let core = if core.eq_ignore_ascii_case("to") {
            ""
        } else {
            core
        };
        (!core.is_empty()).then(|| core.to_owned())
    }
}

/// A stored report (the PDF is kept beside it).
#[derive(Debug, Clone, PartialEq)]
pub struct ReportMeta {
    pub id: i64,
    pub user_id: UserId,
    pub spec: ReportSpec,
    pub generated_at: DateTime<Utc>,
    pub size_bytes: i64,
    /// How many readings the report covers (a report without any is not emailed).
    pub readings: i64,
}

/// A generated report to keep.
#[derive(Debug, Clone, PartialEq)]
pub struct NewReport {
    pub spec: ReportSpec,
    pub generated_at: DateTime<Utc>,
    pub readings: i64,
    pub pdf: Vec<u8>,
}

/// Whom the report is about, and the units they read.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Patient {
    pub full_name: String,
    pub username: String,
    pub email: String,
    pub date_of_birth: Option<NaiveDate>,
    pub units: kernel::units::Units,
    /// The blood pressure guideline categories, severe readings and home levels are
    /// stated in.
    pub guideline: kernel::Guideline,
    /// Their preferences' zone: their today (a home week over, the doses due) is read from
    /// it with the rest of the patient, not asked again.
    pub time_zone: chrono_tz::Tz,
}

/// Everything the renderer draws.
#[derive(Debug, Clone)]
pub struct ReportDocument {
    pub spec: ReportSpec,
    pub patient: Patient,
    pub generated_at: DateTime<Utc>,
    /// Ascending by date and time.
    pub readings: Vec<Reading>,
    pub analysis: Analysis,
    /// The completed home monitoring weeks of the period, oldest first
    /// ([`crate::analysis::completed_weeks`]); empty for a report without its analysis or
    /// blood pressure. The renderer draws a section when there are any.
    pub home_weeks: Vec<WeekSummary>,
    /// The "Medications" section: only for a report with its analysis, and only when
    /// something was taken during its days (`None` otherwise).
    pub medications: Option<medications::service::MedicationReport>,
    /// Measures left out on purpose: a shared report shows only what its owner shares.
    pub omitted: Omitted,
}

/// What a shared link shows of the record, read once for its view or its PDF: the
/// period's readings with only the shared measures, oldest first, and the medications
/// section as the share shows it (`None` when it leaves medications out).
#[derive(Debug, Clone)]
pub struct SharedRecord {
    /// The owner as read for this visit (their units, guideline and zone).
    pub patient: Patient,
    pub readings: Vec<Reading>,
    pub medications: Option<medications::service::MedicationReport>,
}

/// A measure a report can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Measure {
    BloodPressure,
    HeartRate,
    Weight,
    BloodSugar,
}

impl Measure {
    pub const ALL: [Measure; 4] = [
        Measure::BloodPressure,
        Measure::HeartRate,
        Measure::Weight,
        Measure::BloodSugar,
    ];

    /// Whether a reading holds this measure (blood pressure: either number).
    pub fn held_by(self, r: &Reading) -> bool {
        let v = &r.values;
        match self {
            Measure::BloodPressure => v.systolic.is_some() || v.diastolic.is_some(),
            Measure::HeartRate => v.heart_rate.is_some(),
            Measure::Weight => v.weight.is_some(),
            Measure::BloodSugar => v.blood_sugar.is_some(),
        }
    }

    /// How a sentence names it: "blood pressure".
    pub fn name(self) -> &'static str {
        match self {
            Measure::BloodPressure => "blood pressure",
            Measure::HeartRate => "heart rate",
            Measure::Weight => "weight",
            Measure::BloodSugar => "blood sugar",
        }
    }
}

/// What a shared report leaves out because its owner did not share it; nothing for the
/// owner's own reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Omitted {
    pub heart_rate: bool,
    pub weight: bool,
    pub blood_sugar: bool,
    pub notes: bool,
    pub medications: bool,
}

impl Omitted {
    /// The sentence a shared report opens with, naming everything its owner left out, so a
    /// reader does not take a missing measure for one never recorded ("This person chose
    /// not to share their heart rate and notes."); `None` when nothing was left out.
    pub fn sentence(self) -> Option<String> {
        let names: Vec<&str> = [
            (self.heart_rate, "heart rate"),
            (self.weight, "weight"),
            (self.blood_sugar, "blood sugar"),
            (self.notes, "notes"),
            (self.medications, "medications"),
        ]
        .into_iter()
        .filter_map(|(left_out, name)| left_out.then_some(name))
        .collect();
        let list = match names.as_slice() {
            [] => return None,
            [one] => (*one).to_owned(),
            [first @ .., last] => format!("{} and {last}", first.join(", ")),
        };
        Some(format!("This person chose not to share their {list}."))
    }
}

impl ReportDocument {
    /// Whether the report shows `m` (its rows, charts, trend and table column): the one
    /// rule of what each report type covers, less what was [`Omitted`].
    pub fn shows(&self, m: Measure) -> bool {
        use ReportType::*;
        let t = self.spec.report_type;
        match m {
            Measure::BloodPressure => matches!(t, Bp | Comprehensive),
            Measure::HeartRate => matches!(t, Bp | Comprehensive) && !self.omitted.heart_rate,
            Measure::Weight => matches!(t, Weight | Comprehensive) && !self.omitted.weight,
            Measure::BloodSugar => matches!(t, Sugar | Comprehensive) && !self.omitted.blood_sugar,
        }
    }

    /// Whether the report shows the readings' notes (a share may leave them out).
    pub fn shows_notes(&self) -> bool {
        !self.omitted.notes
    }

    /// Whether the report shows `m` and some reading of the period holds it: a table column
    /// only for those, so an empty column never reads as "not measured" (issue 36).
    pub fn recorded(&self, m: Measure) -> bool {
        self.shows(m) && self.readings.iter().any(|r| m.held_by(r))
    }

    /// The readings of the table: those holding a measure the report shows. A weight-only
    /// reading in a blood pressure report would be a row of dashes.
    pub fn table_rows(&self) -> impl Iterator<Item = &Reading> {
        self.readings
            .iter()
            .filter(|r| Measure::ALL.iter().any(|&m| self.shows(m) && m.held_by(r)))
    }

    /// What the report leaves out, in sentences a reader cannot miss (issue 36): measures it
    /// covers that nothing in the period holds, and readings of the period it does not list
    /// because they hold only measures of another report type.
    pub fn left_out(&self) -> Vec<String> {
        let mut out: Vec<String> = Measure::ALL
            .into_iter()
            .filter(|&m| self.shows(m) && !self.recorded(m))
            .map(|m| {
                let mut name = m.name().to_owned();
                if let Some(first) = name.get(..1).map(str::to_uppercase) {
                    name.replace_range(..1, &first);
                }
                format!("{name}: none recorded in this period.")
            })
            .collect();
        let listed = self.table_rows().count();
        let other = self.readings.len() - listed;
        if other > 0 {
            // What the unlisted readings hold instead, so the reader knows what exists.
            let held: Vec<&str> = Measure::ALL
                .into_iter()
                .filter(|&m| !self.shows(m))
                .filter(|&m| self.readings.iter().any(|r| m.held_by(r)))
                .map(Measure::name)
                .collect();
            let (s, hold) = if other == 1 {
                ("", "holds")
            } else {
                ("s", "hold")
            };
            out.push(if held.is_empty() {
                format!("Not listed: {other} reading{s} of the period that {hold} nothing this report shows.")
            } else {
                format!(
                    "Not listed: {other} reading{s} of the period that {hold} only {}, not part of a {}.",
                    held.join(" or "),
                    self.spec.report_type.title().to_lowercase()
                )
            });
        }
        out
    }
}

/// An email of a stored report.
#[derive(Debug, Clone, Default)]
pub struct EmailInput {
    pub report_id: i64,
    pub email: String,
    pub subject: String,
    pub message: String,
}

/// Whether a report email was queued, or which cap (kernel::email_caps) refused it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmailOutcome {
    Queued,
    Refused(Cap),
}

/// What the weekly email says about the week.
#[derive(Debug, Clone, PartialEq)]
pub struct WeeklyDigest {
    pub readings: usize,
    pub summary: Vec<String>,
    pub pdf: Option<Attachment>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_share_names_what_its_owner_left_out_in_one_sentence() {
        assert_eq!(Omitted::default().sentence(), None);
        let only = Omitted {
            weight: true,
            ..Omitted::default()
        };
        assert_eq!(
            only.sentence().as_deref(),
            Some("This person chose not to share their weight.")
        );
        let all = Omitted {
            heart_rate: true,
            weight: true,
            blood_sugar: true,
            notes: true,
            medications: true,
        };
        assert_eq!(
            all.sentence().as_deref(),
            Some(
                "This person chose not to share their heart rate, weight, blood sugar, notes and medications."
            )
        );
    }
}
