//! The "Medications" section of a report (the PDF and a shared view): what was taken during its days,
//! how many doses were taken, and the blood pressure around each start or change in them.

use chrono::NaiveDate;
use kernel::UserId;

use super::{MedicationError, MedicationService};
use crate::analysis::{self, Adherence, Effect};
use crate::model::{DosePeriod, Frequency};

/// One medication taken during the report's days.
#[derive(Debug, Clone, PartialEq)]
pub struct ReportLine {
    pub name: String,
    pub reason: Option<String>,
    /// Its periods overlapping the report's days, oldest first.
    pub periods: Vec<DosePeriod>,
    /// Over the report's days (up to today).
    pub adherence: Adherence,
    /// Starts and changes dated within the report's days.
    pub effects: Vec<Effect>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct MedicationReport {
    pub from: NaiveDate,
    pub to: NaiveDate,
    /// By name; empty when nothing was taken during those days.
    pub lines: Vec<ReportLine>,
    /// [`analysis::NOTE`].
    pub note: &'static str,
}

impl MedicationService {
    /// The section for a report of `[from, to]`, as of the user's `now` (their zone gives the
    /// day each medication was added). With
    /// `with_effects`, the blood pressure around each start or change (read from
    /// [`analysis::BEFORE_DAYS`] before `from`); without (a shared view, which shows nothing
    /// outside its period), neither those readings are read nor the averages worked out:
    /// they are most of the work for a long dose history.
    pub async fn report(
        &self,
        user: UserId,
        from: NaiveDate,
        to: NaiveDate,
        now: kernel::UsersNow,
        with_effects: bool,
    ) -> Result<MedicationReport, MedicationError> {
        let today = now.today();
        let mut meds = self.repo.list(user).await?;
        for m in &mut meds {
            m.added_in(now.zone);
        }
        meds.retain(|m| {
            m.periods
                .iter()
                .any(|p| p.start <= to && p.end.is_none_or(|e| e >= from))
        });
        meds.sort_by_key(|m| (m.name.to_lowercase(), m.id));
        let mut lines = Vec::with_capacity(meds.len());
        if !meds.is_empty() {
            let intakes = self.repo.intakes(user, None, from, to).await?;
            let points = if with_effects {
                let earliest = from - chrono::Duration::days(analysis::BEFORE_DAYS);
                self.bp.between(user, earliest, to.min(today)).await?
            } else {
                Vec::new()
            };
            for m in &meds {
                let adherence = analysis::adherence(
                    std::slice::from_ref(m),
                    &intakes,
                    from,
                    to,
                    today,
                    now.local.time(),
                );
                let effects = if with_effects {
                    analysis::effects(m, &points, to.min(today))
                        .into_iter()
                        .filter(|e| from <= e.date && e.date <= to)
                        .collect()
                } else {
                    Vec::new()
                };
                lines.push(ReportLine {
                    name: m.name.clone(),
                    reason: m.reason.clone(),
                    periods: m
                        .periods
                        .iter()
                        .filter(|p| p.start <= to && p.end.is_none_or(|e| e >= from))
                        .cloned()
                        .collect(),
                    adherence,
                    effects,
                });
            }
        }
        Ok(MedicationReport {
            from,
            to,
            lines,
            note: analysis::NOTE,
        })
    }
}

/// "10 mg, once a day (08:00), from 03/02/2026 to 05/01/2026".
pub fn period_text(p: &DosePeriod) -> String {
    let from = kernel::display::date(p.start);
    match p.end {
        Some(end) => format!(
            "{}, from {from} to {}",
            p.label(),
            kernel::display::date(end)
        ),
        None => format!("{}, from {from} (ongoing)", p.label()),
    }
}

/// "Taken 52 of 56 scheduled doses (93%); 2 skipped, 2 missed", and the as-needed doses.
pub fn adherence_text(a: &Adherence, periods: &[DosePeriod]) -> String {
    let mut parts = Vec::new();
    if a.due > 0 {
        let pct = a.percent().map(|p| format!(" ({p}%)")).unwrap_or_default();
        parts.push(format!(
            "Taken {} of {}{pct}; {} skipped, {} missed",
            a.taken,
            plural(a.due, "scheduled dose"),
            a.skipped,
            a.missed
        ));
    }
    if a.not_recorded > 0 {
        let when = a
            .added
            .map(|d| format!(" on {}", kernel::display::date(d)))
            .unwrap_or_default();
        parts.push(format!(
            "{} before it was added to Vitalog{when} not recorded",
            plural(a.not_recorded, "dose")
        ));
    }
    let as_needed = periods
        .iter()
        .any(|p| p.dose.frequency == Frequency::AsNeeded);
    if as_needed || a.as_needed > 0 {
        parts.push(format!("{} taken as needed", plural(a.as_needed, "dose")));
    }
    if parts.is_empty() {
        return "No scheduled doses were due yet.".to_owned();
    }
    let mut text = parts.join(". ");
    text.push('.');
    text
}

/// "1 reading", "2 readings".
pub fn plural(n: usize, one: &str) -> String {
    format!("{n} {one}{}", if n == 1 { "" } else { "s" })
}
