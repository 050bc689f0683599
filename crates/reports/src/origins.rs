//! Where a period's readings came from (issue 39): how many a cuff sent, how many were
//! typed and how many imported, and the cuff's flags counted, as the report says them.

use readings::{CuffFlag, Reading, Source};

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Origins {
    pub from_cuff: usize,
    pub typed: usize,
    pub imported: usize,
    /// Each flag a reading of the period carries and on how many, in
    /// [`CuffFlag::ALL`]'s order; flags on no reading are left out.
    pub flags: Vec<(CuffFlag, usize)>,
}

impl Origins {
    pub fn of(readings: &[Reading]) -> Self {
        let count = |s: Source| readings.iter().filter(|r| r.origin.source == s).count();
        let flags = CuffFlag::ALL
            .into_iter()
            .map(|f| {
                let n = readings
                    .iter()
                    .filter(|r| r.origin.flags.contains(f))
                    .count();
                (f, n)
            })
            .filter(|(_, n)| *n > 0)
            .collect();
        Self {
            from_cuff: count(Source::Device),
            typed: count(Source::Manual),
            imported: count(Source::Import),
            flags,
        }
    }

    /// "From a cuff 12 · typed 3 · imported 1" (the sources with a reading).
    pub fn sources_text(&self) -> String {
        [
            (Source::Device, self.from_cuff),
            (Source::Manual, self.typed),
            (Source::Import, self.imported),
        ]
        .into_iter()
        .filter(|(_, n)| *n > 0)
        .map(|(s, n)| format!("{} {n}", capitalised(s.words())))
        .collect::<Vec<_>>()
        .join(" · ")
    }

    /// "Cuff flags: irregular pulse 3 · body movement 1", or `None` without any.
    pub fn flags_text(&self) -> Option<String> {
        if self.flags.is_empty() {
            return None;
        }
        let each: Vec<String> = self
            .flags
            .iter()
            .map(|(f, n)| format!("{} {n}", f.words()))
            .collect();
        Some(format!("Cuff flags: {}", each.join(" · ")))
    }
}

/// A reading's flags in words, for a list of readings ("irregular pulse, cuff loose").
pub fn flags_of(r: &Reading) -> Option<String> {
    let words: Vec<&str> = r.origin.flags.iter().map(CuffFlag::words).collect();
    (!words.is_empty()).then(|| words.join(", "))
}

fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use chrono::{NaiveDate, NaiveTime, Utc};
    use kernel::UserId;
    use readings::{CuffFlags, Measurements, Origin};

    use super::*;

    fn reading(origin: Origin) -> Reading {
        Reading {
            id: 1,
            user_id: UserId(1),
            date: NaiveDate::from_ymd_opt(2026, 12, 1).expect("date"),
            time: NaiveTime::from_hms_opt(7, 0, 0).expect("time"),
            values: Measurements::default(),
            notes: None,
            session: None,
            setting: readings::Setting::Home,
            origin,
            created_at: Utc::now(),
            updated_at: Utc::now(),
        }
    }

    #[test]
    fn sources_and_flags_are_counted_and_said() {
        let cuff = |flags: &[CuffFlag]| {
            reading(Origin::device(
                "OMRON X4".into(),
                CuffFlags::of(flags.iter().copied()),
            ))
        };
        let rs = [
            cuff(&[CuffFlag::IrregularPulse, CuffFlag::BodyMovement]),
            cuff(&[CuffFlag::IrregularPulse]),
            cuff(&[]),
            reading(Origin::default()),
            reading(Origin::import("Withings")),
        ];
        let o = Origins::of(&rs);
        assert_eq!((o.from_cuff, o.typed, o.imported), (3, 1, 1));
        assert_eq!(o.sources_text(), "From a cuff 3 · Typed 1 · Imported 1");
        assert_eq!(
            o.flags_text().as_deref(),
            Some("Cuff flags: irregular pulse 2 · body movement 1")
        );
        assert_eq!(
            flags_of(&rs[0]).as_deref(),
            Some("irregular pulse, body movement")
        );
        let typed = Origins::of(&[reading(Origin::default())]);
        assert_eq!(typed.sources_text(), "Typed 1");
        assert_eq!(typed.flags_text(), None);
    }
}
