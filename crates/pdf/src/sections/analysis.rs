//! The analysis: statistics per measure, blood pressure categories, morning and evening,
//! and the trend of the period, in the user's units.

use kernel::units::Units;
use readings::session::Period;
use reports::analysis::{Direction, MIN_TREND_DAYS, Stats, TREND_METHOD, Trend};
use reports::{Measure, ReportDocument};

use super::table::SEVERE_MARK;
use super::{indented, paragraph, section, subheading};
use crate::canvas::*;

/// One measure's trend in a sentence. `decimals`: how its changes are written (whole mmHg
/// for blood pressure, issue 36; the unit's own decimals otherwise).
fn trend_text(
    name: &str,
    unit: &str,
    t: Option<Trend>,
    scale: f64,
    decimals: usize,
) -> Option<String> {
    let t = t?;
    let amount = |v: f64| format!("{:.*} {unit}", decimals, (v * scale).abs());
    let rate = t
        .per_30_days
        .map(|r| format!(" ({} per 30 days)", amount(r)))
        .unwrap_or_default();
    let by = amount(t.over_period);
    Some(match t.direction {
        Direction::Stable => format!("{name}: stable over the period."),
        Direction::Rising => format!("{name}: rising by {by} over the period{rate}."),
        Direction::Falling => format!("{name}: falling by {by} over the period{rate}."),
        Direction::TooFewDays => format!(
            "{name}: not enough days for a trend ({} of {MIN_TREND_DAYS}).",
            t.days
        ),
    })
}

pub(crate) fn analysis_section(c: &mut Canvas, doc: &ReportDocument, u: &Units) {
    section(c, "Analysis");
    let a = &doc.analysis;
    let cols = [
        MARGIN,
        MARGIN + 170.0,
        MARGIN + 250.0,
        MARGIN + 340.0,
        MARGIN + 430.0,
    ];
    let head = ["Measure", "Readings", "Average", "Minimum", "Maximum"];
    c.ensure(20.0);
    for (i, h) in head.iter().enumerate() {
        let align = if i == 0 { Align::Left } else { Align::Right };
        let x = if i == 0 { cols[0] } else { cols[i] + 60.0 };
        c.text(x, c.y - 10.0, 8.5, true, MUTED, align, h);
    }
    c.y -= 16.0;
    let weight = |v: f64| u.weight.shown(v);
    let sugar = |v: f64| u.sugar.shown(v);
    let ident = |v: f64| v;
    // (label, statistics, conversion to the user's unit, decimals)
    type Row<'a> = (String, Option<Stats>, &'a dyn Fn(f64) -> f64, usize);
    let mut rows: Vec<Row> = Vec::new();
    if doc.shows(Measure::BloodPressure) {
        rows.push(("Systolic (mmHg)".into(), a.systolic, &ident, 0));
        rows.push(("Diastolic (mmHg)".into(), a.diastolic, &ident, 0));
    }
    if doc.shows(Measure::HeartRate) {
        rows.push(("Heart rate (bpm)".into(), a.heart_rate, &ident, 0));
    }
    if doc.shows(Measure::Weight) {
        rows.push((
            format!("Weight ({})", u.weight.as_str()),
            a.weight,
            &weight,
            1,
        ));
    }
    if doc.shows(Measure::BloodSugar) {
        rows.push((
            format!("Blood sugar ({})", u.sugar.as_str()),
            a.blood_sugar,
            &sugar,
            u.sugar.decimals() as usize,
        ));
    }
    for (name, stats, conv, dp) in rows {
        c.ensure(16.0);
        c.line(&[(MARGIN, c.y), (PAGE_W - MARGIN, c.y)], RULE, 0.4);
        c.text(cols[0], c.y - 11.0, 9.5, false, INK, Align::Left, &name);
        match stats {
            None => c.text(
                cols[1] + 60.0,
                c.y - 11.0,
                9.5,
                false,
                MUTED,
                Align::Right,
                "0",
            ),
            Some(s) => {
                let f = |v: f64| format!("{:.*}", dp.max(if v.fract() == 0.0 { 0 } else { 1 }), v);
                c.text(
                    cols[1] + 60.0,
                    c.y - 11.0,
                    9.5,
                    false,
                    INK,
                    Align::Right,
                    &s.count.to_string(),
                );
                c.text(
                    cols[2] + 60.0,
                    c.y - 11.0,
                    9.5,
                    false,
                    INK,
                    Align::Right,
                    // Whole mmHg (and bpm) for the pressures, rounded once here (issue 36).
                    &if dp == 0 {
                        kernel::display::mmhg(conv(s.average))
                    } else {
                        format!("{:.*}", dp, conv(s.average))
                    },
                );
                c.text(
                    cols[3] + 60.0,
                    c.y - 11.0,
                    9.5,
                    false,
                    INK,
                    Align::Right,
                    &f(conv(s.min)),
                );
                c.text(
                    cols[4] + 60.0,
                    c.y - 11.0,
                    9.5,
                    false,
                    INK,
                    Align::Right,
                    &f(conv(s.max)),
                );
            }
        }
        c.y -= 16.0;
    }

    if doc.shows(Measure::BloodPressure) {
        subheading(
            c,
            &format!(
                "Blood pressure categories ({})",
                readings::GuidelineRules::of(a.guideline).name
            ),
            26.0 + 16.0 * 6.0,
        );
        let total: usize = a.categories.iter().map(|(_, n)| n).sum();
        for (cat, n) in &a.categories {
            let share = if total == 0 {
                0.0
            } else {
                *n as f32 / total as f32
            };
            c.text(MARGIN, c.y - 10.0, 9.5, false, INK, Align::Left, cat.label);
            c.text(
                MARGIN + 170.0,
                c.y - 10.0,
                9.5,
                false,
                MUTED,
                Align::Left,
                &bound(cat),
            );
            c.text(
                MARGIN + 360.0,
                c.y - 10.0,
                9.5,
                false,
                INK,
                Align::Right,
                &n.to_string(),
            );
            c.text(
                MARGIN + 405.0,
                c.y - 10.0,
                9.5,
                false,
                MUTED,
                Align::Right,
                &kernel::display::percent(*n, total).unwrap_or_default(),
            );
            c.rect(MARGIN + 415.0, c.y - 10.0, 100.0, 7.0, TINT);
            c.rect(MARGIN + 415.0, c.y - 10.0, 100.0 * share, 7.0, TEAL);
            c.y -= 16.0;
        }

        subheading(c, "Morning and evening", 70.0);
        for (period, part) in [(Period::Morning, a.morning), (Period::Evening, a.evening)] {
            // The guided measurement's periods, one rule (readings::session).
            let label = format!("{} ({})", period.label(), period.hours());
            let bp = match (part.systolic, part.diastolic) {
                (Some(s), Some(d)) => format!("{} mmHg", kernel::display::bp_pair(s, d)),
                _ => "---".into(),
            };
            let hr = part
                .heart_rate
                .map_or_else(|| "---".into(), |h| format!("{h:.0} bpm"));
            c.text(MARGIN, c.y - 10.0, 9.5, false, INK, Align::Left, &label);
            c.text(
                MARGIN + 170.0,
                c.y - 10.0,
                9.5,
                false,
                MUTED,
                Align::Left,
                &format!("{} readings", part.readings),
            );
            c.text(
                MARGIN + 270.0,
                c.y - 10.0,
                9.5,
                false,
                INK,
                Align::Left,
                &format!("average {bp}"),
            );
            if doc.shows(Measure::HeartRate) {
                c.text(
                    MARGIN + 430.0,
                    c.y - 10.0,
                    9.5,
                    false,
                    INK,
                    Align::Left,
                    &hr,
                );
            }
            c.y -= 16.0;
        }
        if a.severe > 0 {
            severe_note(c, a.severe, doc.spec.include_table, a.guideline);
        }
    }

    // Where the readings came from (issue 39): a cuff's, typed or imported, and the
    // cuff's flags, which a clinician weighs the readings by.
    if a.readings > 0 {
        subheading(c, "Where the readings came from", 40.0);
        paragraph(c, &a.origins.sources_text(), 9.5, INK);
        if let Some(flags) = a.origins.flags_text() {
            paragraph(c, &flags, 9.5, INK);
        }
    }

    subheading(c, "Trend of the period", 40.0);
    // Changes scale linearly: the user's unit per stored unit.
    let wscale = u.weight.from_lbs(1.0);
    let sscale = u.sugar.from_mgdl(1.0);
    let mut lines = Vec::new();
    if doc.shows(Measure::BloodPressure) {
        lines.extend(trend_text("Systolic", "mmHg", a.systolic_trend, 1.0, 0));
        lines.extend(trend_text("Diastolic", "mmHg", a.diastolic_trend, 1.0, 0));
    }
    if doc.shows(Measure::HeartRate) {
        lines.extend(trend_text("Heart rate", "bpm", a.heart_rate_trend, 1.0, 0));
    }
    if doc.shows(Measure::Weight) {
        lines.extend(trend_text(
            "Weight",
            u.weight.as_str(),
            a.weight_trend,
            wscale,
            1,
        ));
    }
    if doc.shows(Measure::BloodSugar) {
        lines.extend(trend_text(
            "Blood sugar",
            u.sugar.as_str(),
            a.blood_sugar_trend,
            sscale,
            u.sugar.decimals() as usize,
        ));
    }
    if lines.is_empty() {
        lines.push("Not enough readings in the period to show a trend.".into());
    }
    for l in lines {
        paragraph(c, &l, 9.5, INK);
    }
    paragraph(c, TREND_METHOD, 8.5, MUTED);
}

/// The severe readings of the period (`readings::Measurements::severe`, marked in the
/// table) and the guidance Vitalog gives with one, in `readings::rules`' words.
fn severe_note(c: &mut Canvas, severe: usize, with_table: bool, guideline: readings::Guideline) {
    use readings::rules::SEVERE_STEPS;
    let rule = &readings::GuidelineRules::of(guideline).severe;
    subheading(c, &format!("Readings {}: {severe}", rule.summary), 110.0);
    let marked = if with_table {
        format!("Marked {SEVERE_MARK} in the table. ")
    } else {
        String::new()
    };
    paragraph(
        c,
        &format!("{marked}The guidance Vitalog gives with such a reading:"),
        9.0,
        MUTED,
    );
    c.ensure(16.0);
    c.text(MARGIN, c.y - 10.0, 9.5, true, RED, Align::Left, rule.title);
    c.y -= 16.0;
    for (i, step) in SEVERE_STEPS.iter().enumerate() {
        c.ensure(16.0);
        let number = format!("{}.", i + 1);
        c.text(
            MARGIN + 4.0,
            c.y - 9.5,
            9.5,
            false,
            INK,
            Align::Left,
            &number,
        );
        indented(c, 18.0, step, 9.5, INK);
    }
    c.y -= 2.0;
    paragraph(c, rule.source, 8.5, MUTED);
}

/// The category's rule in the guideline's words, shortened for the column: the numbers
/// read systolic then diastolic ("130-139 or 80-89").
fn bound(cat: &readings::CategoryRule) -> String {
    cat.rule.replace("Systolic ", "").replace("diastolic ", "")
}
