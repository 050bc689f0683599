//! Where a reading came from (issue 39): typed in the form, read from a Bluetooth blood
//! pressure cuff, or imported from another app's export; the cuff's measurement flags; and,
//! once an edit changed a cuff's (or an import's) values, what it first recorded.

use chrono::{NaiveDate, NaiveTime};

use crate::model::ReadingValues;

/// How a reading entered the record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Source {
    /// Typed in the form (and every reading before issue 39), or a device or imported
    /// reading whose values an edit changed.
    #[default]
    Manual,
    /// Read from a blood pressure cuff over Bluetooth.
    Device,
    /// Read from another app's export by the imports.
    Import,
}

impl Source {
    /// The wire and storage name: `manual`, `device` or `import`.
    pub fn code(self) -> &'static str {
        match self {
            Source::Manual => "manual",
            Source::Device => "device",
            Source::Import => "import",
        }
    }

    pub fn parse(v: &str) -> Option<Self> {
        match v {
            "manual" => Some(Source::Manual),
            "device" => Some(Source::Device),
            "import" => Some(Source::Import),
            _ => None,
        }
    }

    /// A person's word for it: "typed", "from a cuff", "imported" (reports).
    pub fn words(self) -> &'static str {
        match self {
            Source::Manual => "typed",
            Source::Device => "from a cuff",
            Source::Import => "imported",
        }
    }
}

/// A blood pressure cuff's measurement status (Bluetooth Blood Pressure Profile's
/// "Measurement Status" bits, as the client decodes them), and `ClockUnsure`: the cuff's
/// clock was far off when it was read (the client decides).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CuffFlag {
    IrregularPulse,
    BodyMovement,
    CuffLoose,
    PulseOutOfRange,
    ImproperPosition,
    ClockUnsure,
}

impl CuffFlag {
    /// Every flag, in the order they are listed (wire, CSV, reports).
    pub const ALL: [CuffFlag; 6] = [
        CuffFlag::IrregularPulse,
        CuffFlag::BodyMovement,
        CuffFlag::CuffLoose,
        CuffFlag::PulseOutOfRange,
        CuffFlag::ImproperPosition,
        CuffFlag::ClockUnsure,
    ];

    /// The wire name, kebab-case.
    pub fn code(self) -> &'static str {
        match self {
            CuffFlag::IrregularPulse => "irregular-pulse",
            CuffFlag::BodyMovement => "body-movement",
            CuffFlag::CuffLoose => "cuff-loose",
            CuffFlag::PulseOutOfRange => "pulse-out-of-range",
            CuffFlag::ImproperPosition => "improper-position",
            CuffFlag::ClockUnsure => "clock-unsure",
        }
    }

    /// A person's words for it ("irregular pulse"), for reports.
    pub fn words(self) -> &'static str {
        match self {
            CuffFlag::IrregularPulse => "irregular pulse",
            CuffFlag::BodyMovement => "body movement",
            CuffFlag::CuffLoose => "cuff loose",
            CuffFlag::PulseOutOfRange => "pulse out of range",
            CuffFlag::ImproperPosition => "improper position",
            CuffFlag::ClockUnsure => "cuff clock unsure",
        }
    }

    pub fn parse(v: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.code() == v)
    }

    // The stored bit: fixed per flag, so a flag added later takes a new bit and stored ones
    // keep their meaning.
    fn bit(self) -> u8 {
        match self {
            CuffFlag::IrregularPulse => 1,
            CuffFlag::BodyMovement => 1 << 1,
            CuffFlag::CuffLoose => 1 << 2,
            CuffFlag::PulseOutOfRange => 1 << 3,
            CuffFlag::ImproperPosition => 1 << 4,
            CuffFlag::ClockUnsure => 1 << 5,
        }
    }
}

/// A reading's cuff flags. Stored as an integer bitmask: a small fixed set, one bit each,
/// never searched in SQL, and the wire names (the client's vocabulary) can change without a
/// data migration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CuffFlags(u8);

impl CuffFlags {
    pub const NONE: CuffFlags = CuffFlags(0);

    pub fn of(flags: impl IntoIterator<Item = CuffFlag>) -> Self {
        Self(flags.into_iter().fold(0, |bits, f| bits | f.bit()))
    }

    /// The stored bitmask read back; `None` when it holds a bit no flag names.
    pub fn from_bits(bits: i32) -> Option<Self> {
        let bits = u8::try_from(bits).ok()?;
        let known = Self::of(CuffFlag::ALL).0;
        (bits & !known == 0).then_some(Self(bits))
    }

    pub fn bits(self) -> i32 {
        i32::from(self.0)
    }

    pub fn contains(self, flag: CuffFlag) -> bool {
        self.0 & flag.bit() != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The flags set, in [`CuffFlag::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = CuffFlag> {
        CuffFlag::ALL.into_iter().filter(move |f| self.contains(*f))
    }

    /// The wire names as sent, each once; `Err` with the first name no flag has.
    pub fn parse<'a>(codes: impl IntoIterator<Item = &'a str>) -> Result<Self, &'a str> {
        let mut flags = Vec::new();
        for code in codes {
            flags.push(CuffFlag::parse(code).ok_or(code)?);
        }
        Ok(Self::of(flags))
    }
}

/// The values a cuff (or an import) recorded, kept when an edit changed them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Original {
    pub date: NaiveDate,
    pub time: NaiveTime,
    pub systolic: Option<i32>,
    pub diastolic: Option<i32>,
    pub heart_rate: Option<i32>,
}

impl Original {
    pub fn of(v: &ReadingValues) -> Self {
        Self {
            date: v.date,
            time: v.time,
            systolic: v.values.systolic,
            diastolic: v.values.diastolic,
            heart_rate: v.values.heart_rate,
        }
    }
}

/// Where a reading came from.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Origin {
    pub source: Source,
    /// A cuff's maker and model ("OMRON X4 Smart") or the app an import read ("Withings");
    /// `None` for a typed reading. Kept when an edit turns the reading manual.
    pub device: Option<String>,
    pub flags: CuffFlags,
    /// What the cuff (or import) first recorded, set by the first edit of its values.
    pub original: Option<Original>,
}

impl Origin {
    /// Read from the cuff named `device` with its `flags`.
    pub fn device(device: String, flags: CuffFlags) -> Self {
        Self {
            source: Source::Device,
            device: Some(device),
            flags,
            original: None,
        }
    }

    /// Read from the export of `app` by the imports.
    pub fn import(app: &str) -> Self {
        Self {
            source: Source::Import,
            device: Some(app.to_owned()),
            ..Self::default()
        }
    }

    /// The origin after an edit turned `before` into `after`: when the date, time, systolic,
    /// diastolic or heart rate changed, a cuff's or an import's reading is the person's now
    /// (manual), still naming where it came from, and keeps what was first recorded (a
    /// later edit never overwrites it). Notes or setting alone change nothing.
    pub fn edited(&self, before: &ReadingValues, after: &ReadingValues) -> Self {
        if Original::of(before) == Original::of(after) {
            return self.clone();
        }
        let original = match self.source {
            Source::Manual => self.original,
            Source::Device | Source::Import => self.original.or(Some(Original::of(before))),
        };
        Self {
            source: Source::Manual,
            original,
            ..self.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Measurements;
    use crate::setting::Setting;

    fn values(systolic: i32, notes: Option<&str>) -> ReadingValues {
        ReadingValues {
            date: NaiveDate::from_ymd_opt(2026, 12, 1).unwrap(),
            time: NaiveTime::from_hms_opt(7, 30, 0).unwrap(),
            values: Measurements {
                systolic: Some(systolic),
                diastolic: Some(80),
                heart_rate: Some(60),
                ..Measurements::default()
            },
            notes: notes.map(str::to_owned),
            setting: Setting::Home,
            origin: Origin::default(),
        }
    }

    #[test]
    fn codes_read_back_and_nothing_else_is_a_source_or_flag() {
        for s in [Source::Manual, Source::Device, Source::Import] {
            assert_eq!(Source::parse(s.code()), Some(s));
        }
        for f in CuffFlag::ALL {
            assert_eq!(CuffFlag::parse(f.code()), Some(f));
        }
        assert_eq!(Source::parse("cuff"), None);
        assert_eq!(CuffFlag::parse("Irregular-Pulse"), None);
        assert_eq!(CuffFlags::parse(["cuff-loose", "oops"]), Err("oops"));
    }

    #[test]
    fn flags_are_a_bitmask_that_reads_back_and_refuses_unknown_bits() {
        let flags = CuffFlags::parse(["clock-unsure", "irregular-pulse", "clock-unsure"])
            .expect("known flags");
        assert_eq!(flags.bits(), 0b10_0001);
        assert_eq!(
            flags.iter().collect::<Vec<_>>(),
            [CuffFlag::IrregularPulse, CuffFlag::ClockUnsure]
        );
        assert_eq!(CuffFlags::from_bits(flags.bits()), Some(flags));
        assert_eq!(CuffFlags::from_bits(0b100_0000), None);
        assert_eq!(CuffFlags::from_bits(-1), None);
        assert!(CuffFlags::NONE.is_empty());
    }

    #[test]
    fn an_edit_of_a_cuffs_values_makes_it_manual_and_keeps_the_first_original() {
        let cuff = Origin::device(
            "OMRON X4 Smart".into(),
            CuffFlags::of([CuffFlag::CuffLoose]),
        );
        let first = cuff.edited(&values(120, None), &values(125, None));
        assert_eq!(first.source, Source::Manual);
        assert_eq!(first.device.as_deref(), Some("OMRON X4 Smart"));
        assert_eq!(first.flags, cuff.flags);
        assert_eq!(first.original, Some(Original::of(&values(120, None))));
        let second = first.edited(&values(125, None), &values(130, None));
        assert_eq!(second.original, Some(Original::of(&values(120, None))));
    }

    #[test]
    fn notes_alone_leave_the_source_and_a_typed_reading_has_no_original() {
        let cuff = Origin::device("A&D UA-651".into(), CuffFlags::NONE);
        assert_eq!(
            cuff.edited(&values(120, None), &values(120, Some("after a walk"))),
            cuff
        );
        let typed = Origin::default().edited(&values(120, None), &values(140, None));
        assert_eq!(typed, Origin::default());
    }
}
