//! The report emails' texts: a stored report sent to someone (a doctor), naming who sent
//! it, and the sentences the weekly email says about the week.

use kernel::Email;
use kernel::html::{Footer, Letter};
use kernel::outbox::{Attachment, OutgoingEmail};

use crate::model::*;

/// The email carrying a stored report, from the patient (`Reply-To`) to `to`.
pub(crate) fn compose(
    patient: &Patient,
    meta: &ReportMeta,
    to: &Email,
    subject: &str,
    message: &str,
    pdf: Vec<u8>,
) -> OutgoingEmail {
    let who = kernel::text::display_name(&patient.full_name, &patient.username);
    let title = meta.spec.report_type.title();
    let period = kernel::display::period(meta.spec.date_start, meta.spec.date_end);
    let subject = naming_subject(subject, title, &period);
    let mut paragraphs = vec![
        format!(
            "{who} ({}) sent you a health report from Vitalog, the personal health record they keep.",
            patient.email
        ),
        match meta.spec.own_name() {
            Some(own) => format!("The attached {title}, \"{own}\", covers {period}."),
            None => format!("The attached {title} covers {period}."),
        },
    ];
    if !message.is_empty() {
        paragraphs.push(format!("Their message:\n{message}"));
    }
    paragraphs.push(format!(
        "The readings were entered by the patient. Blood pressure categories follow the {} guideline chosen by the patient and are information, not a diagnosis. Reply to this email to answer them directly.",
        readings::GuidelineRules::of(patient.guideline).name
    ));
    let letter = Letter {
        heading: None,
        paragraphs: &paragraphs,
        button: None,
        footer: Footer::Tagline,
    };
    let mut email = OutgoingEmail::new(None, to, &subject, letter.text(), letter.html());
    email.user_id = Some(meta.user_id);
    email.attachment = Some(Attachment {
        filename: meta.spec.file_name(),
        content_type: "application/pdf".into(),
        data: pdf,
    });
    if Email::parse(&patient.email).is_ok() {
        email
            .headers
            .push(("Reply-To".into(), patient.email.clone()));
    }
    email
}

/// A trend in a word; none from fewer days than the method needs (it is left unsaid).
/// The subject as typed, with the report and its period after it unless it already names
/// the period (issue 36: a doctor's inbox must tell a 30-day report from a 2-year one).
fn naming_subject(typed: &str, title: &str, period: &str) -> String {
    let typed = typed.trim();
    if typed.contains(period) {
        typed.to_owned()
    } else if typed.is_empty() {
        format!("{title}, {period}")
    } else {
        format!("{typed}: {title}, {period}")
    }
}

fn direction(t: Option<crate::analysis::Trend>) -> Option<&'static str> {
    t.and_then(|t| match t.direction {
        crate::analysis::Direction::Rising => Some("rising"),
        crate::analysis::Direction::Falling => Some("falling"),
        crate::analysis::Direction::Stable => Some("stable"),
        crate::analysis::Direction::TooFewDays => None,
    })
}

/// What the weekly email says when the week had severe readings (`Measurements::severe`):
/// how many, the first step of the guidance and its source, in `readings::rules`' words.
fn severe_line(severe: usize, guideline: readings::Guideline) -> Option<String> {
    let rule = &readings::GuidelineRules::of(guideline).severe;
    let first = readings::rules::SEVERE_STEPS.first()?;
    (severe > 0).then(|| {
        let (s, were) = if severe == 1 {
            ("", "was")
        } else {
            ("s", "were")
        };
        format!(
            "{severe} reading{s} {were} {}. When a reading is that high: {first} {}",
            rule.summary, rule.source
        )
    })
}

/// Plain sentences with the week's averages, categories and trend, in the user's units.
pub fn weekly_summary(a: &crate::analysis::Analysis, p: &Patient) -> Vec<String> {
    let mut lines = vec![format!(
        "{} reading{} recorded.",
        a.readings,
        if a.readings == 1 { "" } else { "s" }
    )];
    if let (Some(s), Some(d)) = (a.systolic, a.diastolic) {
        use kernel::display::bp_pair;
        lines.push(format!(
            "Average blood pressure {} mmHg (from {} to {}).",
            bp_pair(s.average, d.average),
            bp_pair(s.min, d.min),
            bp_pair(s.max, d.max)
        ));
    }
    let categories: Vec<String> = a
        .categories
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(c, n)| format!("{} {n}", c.label))
        .collect();
    if !categories.is_empty() {
        lines.push(format!(
            "Blood pressure categories ({}): {}.",
            readings::GuidelineRules::of(a.guideline).name,
            categories.join(", ")
        ));
    }
    if let Some(line) = severe_line(a.severe, a.guideline) {
        lines.push(line);
    }
    if let Some(h) = a.heart_rate {
        lines.push(format!("Average heart rate {:.0} bpm.", h.average));
    }
    if let Some(w) = a.weight {
        let unit = p.units.weight;
        // The email has always printed the average with format!'s own rounding (ties to
        // even), not the display rounding of kernel::units::format: kept, so the text stays.
        lines.push(format!(
            "Average weight {:.*} {}.",
            unit.decimals() as usize,
            unit.from_lbs(w.average),
            unit.as_str()
        ));
    }
    if let Some(g) = a.blood_sugar {
        let unit = p.units.sugar;
        lines.push(format!(
            "Average blood sugar {:.*} {}.",
            unit.decimals() as usize,
            unit.from_mgdl(g.average),
            unit.as_str()
        ));
    }
    let trends: Vec<String> = [
        ("systolic", direction(a.systolic_trend)),
        ("diastolic", direction(a.diastolic_trend)),
        ("heart rate", direction(a.heart_rate_trend)),
        ("weight", direction(a.weight_trend)),
        ("blood sugar", direction(a.blood_sugar_trend)),
    ]
    .into_iter()
    .filter_map(|(name, d)| d.map(|d| format!("{name} {d}")))
    .collect();
    if !trends.is_empty() {
        lines.push(format!(
            "Trend over the week (the median slope between days' median readings): {}.",
            trends.join(", ")
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::tests::meta;

    fn ann() -> Patient {
        Patient {
            full_name: "Ann Lee".into(),
            username: "ann".into(),
            email: "ann@example.com".into(),
            date_of_birth: None,
            units: kernel::units::Units::CANONICAL,
            guideline: kernel::Guideline::AccAha2025,
            time_zone: chrono_tz::UTC,
        }
    }

    #[test]
    fn a_default_name_is_not_repeated_in_the_email() {
        let mut m = meta();
        m.spec.name = "Blood Pressure Report 10/23/2026 – 11/22/2026".into();
        let patient = ann();
        let to = Email::parse("dr@example.com").expect("e");
        let mail = compose(&patient, &m, &to, "Report", "", vec![]);
        assert!(
            mail.text
                .contains("The attached Blood Pressure Report covers 10/23/2026 to 11/22/2026."),
            "{}",
            mail.text
        );
        assert_eq!(mail.text.matches("10/23/2026").count(), 1, "{}", mail.text);
    }

    #[test]
    fn the_subject_names_the_report_and_its_period() {
        let m = meta();
        let period = kernel::display::period(m.spec.date_start, m.spec.date_end);
        let title = m.spec.report_type.title();
        let to = Email::parse("dr@example.com").expect("e");
        let mail = compose(&ann(), &m, &to, "Vitalog Health Report", "", vec![]);
        assert_eq!(
            mail.subject,
            format!("Vitalog Health Report: {title}, {period}")
        );
        let named = format!("My readings {period}");
        let mail = compose(&ann(), &m, &to, &named, "", vec![]);
        assert_eq!(mail.subject, named, "already named: kept as typed");
        assert!(
            mail.text
                .contains("ACC/AHA 2025 guideline chosen by the patient"),
            "{}",
            mail.text
        );
    }

    #[test]
    fn weekly_averages_round_as_the_email_always_did() {
        let stats = |average: f64| crate::analysis::Stats {
            count: 2,
            average,
            min: average,
            max: average,
        };
        let a = crate::analysis::Analysis {
            readings: 2,
            weight: Some(stats(170.25)),
            blood_sugar: Some(stats(98.5)),
            ..Default::default()
        };
        let patient = ann();
        let lines = weekly_summary(&a, &patient);
        assert!(
            lines.contains(&"Average weight 170.2 lbs.".to_owned()),
            "{lines:?}"
        );
        assert!(
            lines.contains(&"Average blood sugar 98 mg/dL.".to_owned()),
            "{lines:?}"
        );
    }

    #[test]
    fn a_week_with_severe_readings_says_how_many_with_the_first_step_and_its_source() {
        use readings::rules::SEVERE_STEPS;
        let severe_source = readings::GuidelineRules::of(readings::Guideline::AccAha2025)
            .severe
            .source;
        let week = |severe| crate::analysis::Analysis {
            readings: 4,
            severe,
            ..Default::default()
        };
        let patient = ann();
        let severe_lines = |lines: Vec<String>| -> Vec<String> {
            lines
                .into_iter()
                .filter(|l| l.contains(severe_source))
                .collect()
        };
        assert!(severe_lines(weekly_summary(&week(0), &patient)).is_empty());
        let two = severe_lines(weekly_summary(&week(2), &patient));
        assert_eq!(
            two,
            [format!(
                "2 readings were very high (above 180/120). When a reading is that high: {} {severe_source}",
                SEVERE_STEPS[0]
            )]
        );
        assert!(two[0].contains("Wait a minute, then measure again."));
        let one = severe_lines(weekly_summary(&week(1), &patient));
        assert!(one[0].starts_with("1 reading was very high"), "{one:?}");
    }
}
