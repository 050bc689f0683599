//! CSV: the dose periods, then one row per recorded dose, in one file a spreadsheet opens.
//! Text cells a spreadsheet would run as a formula are neutralised as the readings' export
//! does (`kernel::csv::neutralise`).

use kernel::csv::neutralise;
use kernel::date::{format_date, format_time};

use crate::model::*;

/// The columns, in order:
/// - `record`: `period` (a dose taken over a span of days) or `intake` (a dose recorded);
/// - `medication_id`, `medication`, `form`, `reason` (why it is taken): the medication's;
/// - `strength`, `unit`, `frequency`, `times` (`HH:MM` separated by spaces): the period's
///   dose, and for an intake the dose of the period covering its date;
/// - `start_date`, `end_date` (both included; empty: ongoing): a period's days;
/// - `date`, `time`, `status` (`taken` or `skipped`), `intake_reason`: an intake's; the
///   time is the dose time for a scheduled dose and the time taken for an as-needed one;
/// - `label`: a period's words ("10 mg, once a day (08:00)"), an intake's amount ("10 mg").
///
/// Codes are the API's (`form`, `unit`, `frequency`); dates `YYYY-MM-DD`, times `HH:MM` in
/// the user's wall clock.
pub const CSV_COLUMNS: [&str; 16] = [
    "record",
    "medication_id",
    "medication",
    "form",
    "reason",
    "strength",
    "unit",
    "frequency",
    "times",
    "start_date",
    "end_date",
    "date",
    "time",
    "status",
    "intake_reason",
    "label",
];

fn dose_cells(p: Option<&DosePeriod>) -> [String; 4] {
    match p {
        Some(p) => [
            strength_text(p.dose.strength),
            p.dose.unit.code().to_owned(),
            p.dose.frequency.code().to_owned(),
            p.dose
                .times
                .iter()
                .map(|t| format_time(*t))
                .collect::<Vec<_>>()
                .join(" "),
        ],
        None => Default::default(),
    }
}

/// Header first; every period (by medication, oldest first), then every intake (by date
/// and time). Intakes of a medication not in `meds` are left out.
pub fn to_csv(meds: &[Medication], intakes: &[Intake]) -> anyhow::Result<String> {
    let mut w = kernel::csv::writer(&CSV_COLUMNS)?;
    let (periods, doses) = super::ordered(meds, intakes);
    let medication_cells = |m: &Medication| {
        [
            m.id.to_string(),
            neutralise(&m.name),
            m.form.code().to_owned(),
            neutralise(m.reason.as_deref().unwrap_or("")),
        ]
    };
    for (m, p) in periods {
        let mut row: Vec<String> = medication_cells(m).into();
        row.extend(dose_cells(Some(p)));
        row.extend([
            format_date(p.start),
            p.end.map(format_date).unwrap_or_default(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            p.label(),
        ]);
        w.write_record(std::iter::once("period".to_owned()).chain(row))?;
    }
    for (m, i) in doses {
        let period = m.period_on(i.date);
        let mut row: Vec<String> = medication_cells(m).into();
        row.extend(dose_cells(period));
        row.extend([
            String::new(),
            String::new(),
            format_date(i.date),
            format_time(i.time),
            i.status.code().to_owned(),
            neutralise(i.reason.as_deref().unwrap_or("")),
            period.map(|p| p.dose.amount()).unwrap_or_default(),
        ]);
        w.write_record(std::iter::once("intake".to_owned()).chain(row))?;
    }
    Ok(String::from_utf8(w.into_inner()?)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transfer::fixtures::*;

    #[test]
    fn periods_then_intakes_with_the_documented_columns() {
        let csv = to_csv(&meds(), &intakes()).expect("csv");
        let lines: Vec<&str> = csv.trim_end().split("\r\n").collect();
        assert_eq!(
            lines,
            [
                "record,medication_id,medication,form,reason,strength,unit,frequency,times,start_date,end_date,date,time,status,intake_reason,label",
                "period,1,Amlodipine,tablet,High blood pressure,5,mg,once-daily,08:00,2026-03-02,2026-05-01,,,,,\"5 mg, once a day (08:00)\"",
                "period,1,Amlodipine,tablet,High blood pressure,10,mg,weekly,08:00,2026-05-02,,,,,,\"10 mg, once a week (Saturday, 08:00)\"",
                "period,2,'=Spray,inhaler,,2.5,units,as-needed,,2026-03-01,,,,,,\"2.5 units, as needed\"",
                "intake,1,Amlodipine,tablet,High blood pressure,5,mg,once-daily,08:00,,,2026-03-28,08:00,taken,,5 mg",
                "intake,1,Amlodipine,tablet,High blood pressure,5,mg,once-daily,08:00,,,2026-03-29,08:00,skipped,Felt dizzy,5 mg",
                "intake,2,'=Spray,inhaler,,2.5,units,as-needed,,,,2026-03-30,14:35,taken,,2.5 units",
            ]
        );
    }

    #[test]
    fn the_header_alone_without_medications_and_a_reason_cannot_be_a_formula() {
        assert_eq!(to_csv(&[], &intakes()).expect("csv").lines().count(), 1);
        let mut doses = intakes();
        doses[1].reason = Some("+1 headache".into());
        let csv = to_csv(&meds(), &doses).expect("csv");
        assert!(csv.contains(",skipped,'+1 headache,"), "{csv}");
    }
}
