//! Line charts drawn as vector graphics, with axes, tick labels and units.

use chrono::{Datelike, Duration, NaiveDate};

use crate::canvas::*;

pub struct Series<'a> {
    pub label: &'a str,
    pub color: Rgb3,
    /// (days since the period's start, value), ascending.
    pub points: Vec<(f64, f64)>,
}

pub const CHART_H: f32 = 190.0;

fn nice_step(span: f64, ticks: f64) -> f64 {
    let raw = (span / ticks).max(1e-9);
    let mag = 10f64.powf(raw.log10().floor());
    let norm = raw / mag;
    let nice = if norm <= 1.0 {
        1.0
    } else if norm <= 2.0 {
        2.0
    } else if norm <= 2.5 {
        2.5
    } else if norm <= 5.0 {
        5.0
    } else {
        10.0
    };
    nice * mag
}

/// A y tick's label: every tick of an axis with the decimals its step needs (a 2.5 step
/// reads 2.5, 5.0, 7.5; rounding them to whole numbers would mislabel every other tick).
fn tick_label(value: f64, step: f64) -> String {
    let decimals = (0..3)
        .find(|d| {
            let scaled = step * 10f64.powi(*d);
            (scaled - scaled.round()).abs() < 1e-6
        })
        .unwrap_or(3) as usize;
    format!("{value:.decimals$}")
}

/// One chart: what it shows and over which period.
pub struct Chart<'a> {
    pub title: &'a str,
    pub unit: &'a str,
    pub series: &'a [Series<'a>],
    /// The y-axis domain (widened if a value falls outside); `None`: automatic.
    pub fixed: Option<(f64, f64)>,
    pub start: NaiveDate,
    pub end: NaiveDate,
    pub empty_text: &'a str,
    /// Points to mark with a triangle (severe readings), with the legend naming them;
    /// empty for none.
    pub marks: &'a [(f64, f64)],
    /// What a mark means, in the legend (the guideline's severe rule).
    pub mark_label: &'a str,
}

/// An open triangle around a point: a shape, so the mark does not rest on colour alone.
fn triangle(c: &mut Canvas, x: f32, y: f32, r: f32) {
    c.line(
        &[
            (x, y + r),
            (x - r * 0.87, y - r * 0.5),
            (x + r * 0.87, y - r * 0.5),
            (x, y + r),
        ],
        INK,
        1.1,
    );
}

/// Draws one chart card at the cursor and moves the cursor below it.
pub fn draw(c: &mut Canvas, chart: &Chart) {
    let Chart {
        title,
        unit,
        series,
        fixed,
        start,
        end,
        empty_text,
        marks,
        mark_label,
    } = *chart;
    c.ensure(CHART_H + 10.0);
    let top = c.y;
    let left = MARGIN;
    let width = PAGE_W - 2.0 * MARGIN;
    c.text(left, top - 12.0, 11.0, true, INK, Align::Left, title);
    c.text(
        left + width,
        top - 12.0,
        8.5,
        false,
        MUTED,
        Align::Right,
        unit,
    );

    let plot_l = left + 36.0;
    let plot_r = left + width - 8.0;
    let plot_t = top - 30.0;
    let plot_b = top - CHART_H + 28.0;

    let values: Vec<f64> = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1))
        .collect();
    if values.is_empty() {
        c.rect(left, plot_b, width, plot_t - plot_b, TINT);
        c.text(
            left + width / 2.0,
            (plot_t + plot_b) / 2.0,
            9.5,
            false,
            MUTED,
            Align::Center,
            empty_text,
        );
        c.y = top - CHART_H;
        return;
    }
    let (vmin, vmax) = values
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(*v), b.max(*v))
        });
    let (mut lo, mut hi) = fixed.unwrap_or((vmin, vmax));
    // A fixed domain still shows values outside it.
    lo = lo.min(vmin);
    hi = hi.max(vmax);
    if fixed.is_none() {
        let pad = ((hi - lo) * 0.1).max(1.0);
        lo -= pad;
        hi += pad;
    }
    // A fixed domain keeps its exact ends when a round step divides it (60-180 by 20).
    let exact = fixed
        .filter(|(a, b)| *a <= vmin && *b >= vmax)
        .and_then(|(a, b)| {
            [10.0, 20.0, 25.0, 50.0]
                .into_iter()
                .find(|s| (b - a) / s <= 8.0 && (a % s).abs() < 1e-9 && (b % s).abs() < 1e-9)
        });
    let step = exact.unwrap_or_else(|| nice_step(hi - lo, 5.0));
    lo = (lo / step).floor() * step;
    hi = (hi / step).ceil() * step;
    // The period includes its last day: the x axis runs from the first day's midnight to
    // the midnight after the last, so an evening reading on the last day stays inside.
    let days = ((end - start).num_days() + 1).max(1) as f64;
    let x_of = |d: f64| plot_l + ((d / days) as f32) * (plot_r - plot_l);
    let y_of = |v: f64| plot_b + (((v - lo) / (hi - lo)) as f32) * (plot_t - plot_b);

    // Grid and y labels.
    let mut v = lo;
    while v <= hi + step / 2.0 {
        let y = y_of(v);
        c.line(&[(plot_l, y), (plot_r, y)], RULE, 0.5);
        let label = tick_label(v, step);
        c.text(
            plot_l - 5.0,
            y - 3.0,
            7.5,
            false,
            MUTED,
            Align::Right,
            &label,
        );
        v += step;
    }
    c.line(&[(plot_l, plot_b), (plot_l, plot_t)], MUTED, 0.6);
    c.line(&[(plot_l, plot_b), (plot_r, plot_b)], MUTED, 0.6);

    // X ticks: up to seven dates across the period, each at its day's noon: month/day, and
    // the whole date when the period crosses a new year, so a two-year chart says which
    // year each tick is (issue 36).
    let last = days - 1.0;
    let end = start + Duration::days(last as i64);
    let with_year = end.year() != start.year();
    let ticks = 6.min(last as i64);
    for i in 0..=ticks {
        let d = if ticks == 0 {
            0.0
        } else {
            (last * i as f64 / ticks as f64).round()
        };
        let x = x_of(d + 0.5);
        c.line(&[(x, plot_b), (x, plot_b - 3.0)], MUTED, 0.6);
        let date = start + Duration::days(d as i64);
        c.text(
            x,
            plot_b - 13.0,
            7.5,
            false,
            MUTED,
            Align::Center,
            &if with_year {
                kernel::display::date(date)
            } else {
                date.format("%m/%d").to_string()
            },
        );
    }

    // Lines, and markers when there are few enough points to see them.
    for s in series {
        let pts: Vec<(f32, f32)> = s.points.iter().map(|(d, v)| (x_of(*d), y_of(*v))).collect();
        c.line(&pts, s.color, 1.2);
        if pts.len() <= 120 {
            for (x, y) in &pts {
                c.dot(*x, *y, s.color);
            }
        }
    }
    for (d, v) in marks {
        triangle(c, x_of(*d), y_of(*v), 4.5);
    }
    // Legend.
    let mut lx = plot_r;
    if !marks.is_empty() {
        let w = crate::metrics::width(mark_label, 8.0, false);
        lx -= w;
        c.text(lx, top - 24.0, 8.0, false, INK, Align::Left, mark_label);
        triangle(c, lx - 8.0, top - 21.0, 3.5);
        lx -= 24.0;
    }
    for s in series.iter().rev() {
        let w = crate::metrics::width(s.label, 8.0, false);
        lx -= w;
        c.text(lx, top - 24.0, 8.0, false, INK, Align::Left, s.label);
        c.rect(lx - 12.0, top - 22.5, 8.0, 3.0, s.color);
        lx -= 24.0;
    }
    c.y = top - CHART_H;
}

#[cfg(test)]
mod tests {
    use super::*;
    use printpdf::Op;

    /// Every line point of the page, in points.
    fn line_points(c: &Canvas) -> Vec<(f32, f32)> {
        c.pages
            .iter()
            .flatten()
            .filter_map(|op| match op {
                Op::DrawLine { line } => Some(line.points.iter().map(|p| (p.p.x.0, p.p.y.0))),
                _ => None,
            })
            .flatten()
            .collect()
    }

    #[test]
    fn a_late_reading_on_the_last_day_stays_inside_the_plot() {
        let start = NaiveDate::from_ymd_opt(2026, 11, 20).expect("d");
        let end = NaiveDate::from_ymd_opt(2026, 11, 22).expect("d");
        for (from, to) in [(start, end), (end, end)] {
            let last = (to - from).num_days() as f64;
            let mut c = Canvas::new();
            draw(
                &mut c,
                &Chart {
                    title: "Heart rate",
                    unit: "bpm",
                    series: &[Series {
                        label: "Heart rate",
                        color: INK,
                        // 07:30 on the first day to 23:59 on the last.
                        points: vec![(0.3125, 60.0), (last + 0.999, 70.0)],
                    }],
                    fixed: None,
                    start: from,
                    end: to,
                    empty_text: "none",
                    marks: &[],
                    mark_label: "",
                },
            );
            let xs: Vec<f32> = line_points(&c).iter().map(|p| p.0).collect();
            let right = PAGE_W - MARGIN - 8.0;
            assert!(
                xs.iter().all(|x| *x >= MARGIN && *x <= right + 0.01),
                "{from}..{to}: {xs:?}"
            );
            // The plotted day fills the axis: the last point sits near its right end.
            assert!(xs.iter().any(|x| *x > right - 2.0), "{xs:?}");
        }
    }

    #[test]
    fn tick_labels_show_the_decimals_of_their_step() {
        let labels = |lo: f64, step: f64| -> Vec<String> {
            (0..4)
                .map(|i| tick_label(lo + step * f64::from(i), step))
                .collect()
        };
        assert_eq!(labels(165.0, 2.5), ["165.0", "167.5", "170.0", "172.5"]);
        assert_eq!(labels(2.5, 2.5), ["2.5", "5.0", "7.5", "10.0"]);
        assert_eq!(labels(0.5, 0.25), ["0.50", "0.75", "1.00", "1.25"]);
        assert_eq!(labels(60.0, 20.0), ["60", "80", "100", "120"]);
        assert_eq!(labels(3.0, 0.2), ["3.0", "3.2", "3.4", "3.6"]);
    }

    #[test]
    fn nice_steps() {
        assert_eq!(nice_step(120.0, 5.0), 25.0);
        assert_eq!(nice_step(80.0, 5.0), 20.0);
        assert_eq!(nice_step(4.0, 5.0), 1.0);
        assert!((nice_step(0.9, 5.0) - 0.2).abs() < 1e-12);
    }
}
