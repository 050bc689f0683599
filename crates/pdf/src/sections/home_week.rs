//! The home monitoring weeks the period holds (issue 15): each completed week's days, its
//! average from day 2 on with the count, morning and evening, and what the average means in
//! the guidelines' terms, then their source and the note that this is not a diagnosis. The
//! weeks are `readings::home_week`'s, every clinical word `readings::rules`'.

use readings::home_week::{BpAverage, DaySlots, WeekSummary};
use readings::rules::{
    HOME_NOTE, HOME_SOURCE, HOME_WEEK_DAYS, HOME_WEEK_MIN_DAYS, HOME_WEEK_MIN_READINGS,
};
use reports::ReportDocument;

use super::{paragraph, section, subheading};
use crate::canvas::*;

/// Where a row's value starts, after its label.
const VALUE_X: f32 = MARGIN + 130.0;
/// Where a row's count starts.
const COUNT_X: f32 = MARGIN + 230.0;
/// Height of the strip of days.
const STRIP_H: f32 = 46.0;

fn plural(n: usize, one: &str) -> String {
    format!("{n} {one}{}", if n == 1 { "" } else { "s" })
}

pub(crate) fn home_week_section(c: &mut Canvas, doc: &ReportDocument) {
    section(
        c,
        if doc.home_weeks.len() == 1 {
            "Home monitoring week"
        } else {
            "Home monitoring weeks"
        },
    );
    paragraph(
        c,
        &format!(
            "Blood pressure measured at home, morning and evening, over {HOME_WEEK_DAYS} days. Day 1 is left out: the average is of every reading from day 2 on."
        ),
        9.0,
        MUTED,
    );
    for w in &doc.home_weeks {
        week(c, w);
    }
    c.y -= 6.0;
    paragraph(c, &format!("Source: {HOME_SOURCE}."), 8.5, MUTED);
    paragraph(c, HOME_NOTE, 8.5, MUTED);
}

fn week(c: &mut Canvas, w: &WeekSummary) {
    // The strip, the four rows and two lines of the level's text stay together.
    subheading(
        c,
        &kernel::display::period(w.start, w.end),
        STRIP_H + 4.0 * 16.0 + 40.0,
    );
    strip(c, &w.days);
    let days = usize::try_from(HOME_WEEK_DAYS - 1).unwrap_or_default();
    if w.average.is_none() {
        // A week that ended short: no average and no level (the AHA's minimum; issue 35),
        // and the doctor is told why rather than shown nothing.
        paragraph(
            c,
            &format!(
                "No home average: {} from day 2 on, on {}. An average needs at least {HOME_WEEK_MIN_READINGS} readings on {HOME_WEEK_MIN_DAYS} days (AHA).",
                plural(w.counted_readings, "reading"),
                plural(w.counted_days, "day"),
            ),
            9.5,
            INK,
        );
        return;
    }
    let rows = [
        (
            "Average from day 2",
            w.average,
            format!("on {} of {days} days", w.counted_days),
        ),
        ("Morning", w.morning, String::new()),
        ("Evening", w.evening, String::new()),
    ];
    for (i, (label, average, more)) in rows.into_iter().enumerate() {
        let (value, count) = match average {
            Some(BpAverage {
                systolic,
                diastolic,
                count,
            }) => (
                format!("{systolic}/{diastolic} mmHg"),
                format!("{} {more}", plural(count, "reading")),
            ),
            None => ("---".to_owned(), "no readings".to_owned()),
        };
        let first = i == 0;
        c.text(MARGIN, c.y - 10.0, 9.5, false, INK, Align::Left, label);
        c.text(VALUE_X, c.y - 10.0, 9.5, first, INK, Align::Left, &value);
        c.text(COUNT_X, c.y - 10.0, 9.0, false, MUTED, Align::Left, &count);
        c.y -= 16.0;
    }
    if let Some(level) = w.level {
        c.text(MARGIN, c.y - 10.0, 9.5, false, INK, Align::Left, "Level");
        c.text(
            VALUE_X,
            c.y - 10.0,
            9.5,
            true,
            TEAL,
            Align::Left,
            level.label,
        );
        c.y -= 18.0;
        paragraph(c, level.text, 9.5, INK);
    }
    if let Some((systolic, diastolic)) = w.compared {
        paragraph(
            c,
            &format!("Compared with the thresholds unrounded: {systolic:.1}/{diastolic:.1} mmHg."),
            8.5,
            MUTED,
        );
    }
}

/// The week's days side by side: each day's date and how many readings its morning and
/// evening hold; day 1, left out of the average, is muted.
fn strip(c: &mut Canvas, days: &[DaySlots]) {
    let n = days.len().max(1) as f32;
    let gap = 4.0;
    let w = (PAGE_W - 2.0 * MARGIN - gap * (n - 1.0)) / n;
    let top = c.y;
    for (i, d) in days.iter().enumerate() {
        let x = MARGIN + i as f32 * (w + gap);
        c.rect(x, top - STRIP_H, w, STRIP_H, TINT);
        let (ink, title) = if d.day == 1 {
            (MUTED, "Day 1 (left out)".to_owned())
        } else {
            (INK, format!("Day {}", d.day))
        };
        let lines = [
            (title, 8.0, true, ink),
            (kernel::display::date(d.date), 7.5, false, MUTED),
            (format!("Morning {}", d.morning), 7.5, false, ink),
            (format!("Evening {}", d.evening), 7.5, false, ink),
        ];
        for (k, (text, size, bold, col)) in lines.iter().enumerate() {
            let y = top - 10.0 - k as f32 * 10.0;
            c.text(x + 5.0, y, *size, *bold, *col, Align::Left, text);
        }
    }
    c.y = top - STRIP_H - 8.0;
}
