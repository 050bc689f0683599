//! What the record says around a medication: blood pressure before and after each start or
//! change of dose, how many scheduled doses were taken, and the chart's markers. Plain
//! arithmetic on what was measured: it cannot say what caused a change, and never reads as a
//! diagnosis.

use std::collections::HashMap;

use chrono::{Duration, NaiveDate, NaiveTime};
use kernel::units::rounded_mean;
use readings::home_week::BpAverage;

use crate::model::{Intake, IntakeStatus, Medication};
use crate::schedule::times_on;

/// Days of readings averaged before a start or change.
pub const BEFORE_DAYS: i64 = 14;
/// Days of readings averaged after it.
pub const AFTER_DAYS: i64 = 14;
/// The after window starts on this day, the change being day 1: most blood pressure
/// medicines take some days to act, so the first two days are left out.
pub const AFTER_FROM_DAY: i64 = 3;
/// Readings each side needs before averages are compared. A data-sufficiency rule, not a
/// clinical one: home monitoring guidance (ESH 2023; ACC/AHA 2017) bases decisions on
/// several readings over several days, never one.
pub const MIN_READINGS: usize = 3;
/// Shown under the averages, wherever they are shown.
pub const NOTE: &str = "These averages show what you measured before and after; they cannot \
tell what caused a change, and they are not a diagnosis. Talk to your doctor or pharmacist \
before changing how you take a medication.";

/// One blood pressure reading as the analysis needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BpPoint {
    pub date: NaiveDate,
    pub systolic: i32,
    pub diastolic: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventKind {
    Started,
    Changed,
    Stopped,
}

impl EventKind {
    pub fn code(self) -> &'static str {
        match self {
            EventKind::Started => "started",
            EventKind::Changed => "changed",
            EventKind::Stopped => "stopped",
        }
    }
}

/// A start, change of dose or stop, for the chart.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    pub date: NaiveDate,
    pub medication_id: i64,
    pub name: String,
    pub kind: EventKind,
    pub label: String,
}

/// Every start, change and stop of `meds` up to `today`, oldest first. A period starting
/// after a gap is a new start; the day after a period's end (when nothing follows at once)
/// is a stop.
pub fn events(meds: &[Medication], today: NaiveDate) -> Vec<Event> {
    let mut out = Vec::new();
    for m in meds {
        let mut previous: Option<&crate::model::DosePeriod> = None;
        for p in &m.periods {
            let continues = previous
                .and_then(|q| q.end)
                .is_some_and(|end| end + Duration::days(1) == p.start);
            let (kind, label) = match previous {
                Some(q) if continues => (
                    EventKind::Changed,
                    format!("{} {} → {}", m.name, q.dose.amount(), p.dose.amount()),
                ),
                _ => (
                    EventKind::Started,
                    format!("Started {} {}", m.name, p.dose.amount()),
                ),
            };
            if let Some(end) = previous.and_then(|q| q.end).filter(|_| !continues) {
                out.push(event(
                    m,
                    end + Duration::days(1),
                    EventKind::Stopped,
                    format!("Stopped {}", m.name),
                ));
            }
            out.push(event(m, p.start, kind, label));
            previous = Some(p);
        }
        if let Some(end) = m.end() {
            out.push(event(
                m,
                end + Duration::days(1),
                EventKind::Stopped,
                format!("Stopped {}", m.name),
            ));
        }
    }
    out.retain(|e| e.date <= today);
    out.sort_by(|a, b| (a.date, &a.name).cmp(&(b.date, &b.name)));
    out
}

fn event(m: &Medication, date: NaiveDate, kind: EventKind, label: String) -> Event {
    Event {
        date,
        medication_id: m.id,
        name: m.name.clone(),
        kind,
        label,
    }
}

/// Blood pressure before and after one start or change of dose.
#[derive(Debug, Clone, PartialEq)]
pub struct Effect {
    pub date: NaiveDate,
    pub kind: EventKind,
    pub label: String,
    pub before: Option<BpAverage>,
    pub after: Option<BpAverage>,
    /// Both sides have [`MIN_READINGS`] readings or more.
    pub enough: bool,
    pub summary: String,
}

fn average(points: &[BpPoint], from: NaiveDate, to: NaiveDate) -> Option<BpAverage> {
    let inside: Vec<&BpPoint> = points
        .iter()
        .filter(|p| from <= p.date && p.date <= to)
        .collect();
    Some(BpAverage {
        systolic: rounded_mean(inside.iter().map(|p| p.systolic))?,
        diastolic: rounded_mean(inside.iter().map(|p| p.diastolic))?,
        count: inside.len(),
    })
}

fn readings_word(n: usize) -> String {
    if n == 1 {
        "1 reading".into()
    } else {
        format!("{n} readings")
    }
}

/// The before/after averages for each start or change of `med`: readings dated in the
/// [`BEFORE_DAYS`] days before, and in the [`AFTER_DAYS`] days from day [`AFTER_FROM_DAY`]
/// (cut short by the next change, by a stop and by `today`). `points` may have gaps: only
/// the days measured count.
pub fn effects(med: &Medication, points: &[BpPoint], today: NaiveDate) -> Vec<Effect> {
    // Its starts, changes and stops, by date: the next one (a stop too) ends an after window.
    let all = events(std::slice::from_ref(med), today);
    all.iter()
        .enumerate()
        .filter(|(_, e)| e.kind != EventKind::Stopped)
        .map(|(i, e)| {
            let before = average(
                points,
                e.date - Duration::days(BEFORE_DAYS),
                e.date - Duration::days(1),
            );
            let from = e.date + Duration::days(AFTER_FROM_DAY - 1);
            let mut to = (from + Duration::days(AFTER_DAYS - 1)).min(today);
            if let Some(next) = all.get(i + 1) {
                to = to.min(next.date - Duration::days(1));
            }
            let after = if from <= to {
                average(points, from, to)
            } else {
                None
            };
            let enough = before.is_some_and(|b| b.count >= MIN_READINGS)
                && after.is_some_and(|a| a.count >= MIN_READINGS);
            let summary = summary(before, after, enough);
            Effect {
                date: e.date,
                kind: e.kind,
                label: e.label.clone(),
                before,
                after,
                enough,
                summary,
            }
        })
        .collect()
}

/// The days whose readings [`effects`] reads: around each start or change up to `today`,
/// overlapping spans merged, oldest first. Reading only these keeps the work bounded by the
/// number of changes, not by years of readings.
pub fn windows(med: &Medication, today: NaiveDate) -> Vec<(NaiveDate, NaiveDate)> {
    let mut out: Vec<(NaiveDate, NaiveDate)> = Vec::new();
    for p in med.periods.iter().filter(|p| p.start <= today) {
        let from = p.start - Duration::days(BEFORE_DAYS);
        let to = (p.start + Duration::days(AFTER_FROM_DAY - 2 + AFTER_DAYS)).min(today);
        match out.last_mut() {
            Some(last) if from <= last.1 + Duration::days(1) => last.1 = last.1.max(to),
            _ => out.push((from, to)),
        }
    }
    out
}

fn summary(before: Option<BpAverage>, after: Option<BpAverage>, enough: bool) -> String {
    let (Some(b), Some(a), true) = (before, after, enough) else {
        let have = |x: Option<BpAverage>| x.map_or(0, |x| x.count);
        return format!(
            "Not enough readings to compare yet: {} before and {} after; at least {MIN_READINGS} \
             on each side are needed.",
            have(before),
            have(after)
        );
    };
    let change = |before: i32, after: i32| match after - before {
        0 => "unchanged".to_owned(),
        d if d < 0 => format!("{} lower", -d),
        d => format!("{d} higher"),
    };
    format!(
        "Average {}/{} mmHg before ({}) and {}/{} mmHg after ({}): systolic {}, diastolic {}.",
        b.systolic,
        b.diastolic,
        readings_word(b.count),
        a.systolic,
        a.diastolic,
        readings_word(a.count),
        change(b.systolic, a.systolic),
        change(b.diastolic, a.diastolic),
    )
}

/// Scheduled doses over a span: how many were due and what became of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Adherence {
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
    pub due: usize,
    pub taken: usize,
    pub skipped: usize,
    /// Due and nothing recorded.
    pub missed: usize,
    /// Due before the medication was added to Vitalog and nothing recorded: the person
    /// could not have recorded them, so they are neither due nor missed (issue 36).
    pub not_recorded: usize,
    /// The day the first medication counted was added, when any of the span lies before it.
    pub added: Option<NaiveDate>,
    /// As-needed doses taken (not part of `due`).
    pub as_needed: usize,
}

impl Adherence {
    /// Taken / due, in whole percent; `None` when nothing was due.
    pub fn percent(&self) -> Option<u32> {
        if self.due == 0 {
            return None;
        }
        let pct = (self.taken * 200 + self.due) / (self.due * 2);
        u32::try_from(pct).ok()
    }
}

/// Adherence of `meds` over `[from, to]`. Days after `today` are not counted, and on `today`
/// a dose counts once its time has passed (`now`) or once something was recorded for it.
pub fn adherence(
    meds: &[Medication],
    intakes: &[Intake],
    from: NaiveDate,
    to: NaiveDate,
    today: NaiveDate,
    now: NaiveTime,
) -> Adherence {
    let mut a = Adherence {
        from: Some(from),
        to: Some(to),
        ..Adherence::default()
    };
    let last = to.min(today);
    // Looked up once per due dose: a year's report of several medications stays linear.
    let recorded: HashMap<(i64, NaiveDate, NaiveTime), IntakeStatus> = intakes
        .iter()
        .map(|i| ((i.medication_id, i.date, i.time), i.status))
        .collect();
    for m in meds {
        if let Some(added) = m.added.filter(|&added| added > from) {
            a.added = Some(a.added.map_or(added, |seen: NaiveDate| seen.min(added)));
        }
        let mut day = from;
        while day <= last {
            for &time in times_on(m, day) {
                let status = recorded.get(&(m.id, day, time)).copied();
                if day == today && time > now && status.is_none() {
                    continue;
                }
                if status.is_none() && m.added.is_some_and(|added| day < added) {
                    a.not_recorded += 1;
                    continue;
                }
                a.due += 1;
                match status {
                    Some(IntakeStatus::Taken) => a.taken += 1,
                    Some(IntakeStatus::Skipped) => a.skipped += 1,
                    None => a.missed += 1,
                }
            }
            day += Duration::days(1);
        }
    }
    // As-needed doses taken, in one pass over the recorded doses (not one per medication).
    let by_id: HashMap<i64, &Medication> = meds.iter().map(|m| (m.id, m)).collect();
    a.as_needed = intakes
        .iter()
        .filter(|i| i.status == IntakeStatus::Taken && from <= i.date && i.date <= last)
        .filter(|i| {
            by_id
                .get(&i.medication_id)
                .and_then(|m| m.period_on(i.date))
                .is_some_and(|p| p.dose.frequency == crate::model::Frequency::AsNeeded)
        })
        .count();
    a
}

#[cfg(test)]
mod tests;
