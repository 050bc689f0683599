//! The names apps and people give a spreadsheet's columns, in the languages Vitalog's
//! people and their apps write: English, German, French, Spanish, Italian, Dutch,
//! Portuguese, Polish, Turkish and Japanese. One table, read by the mapping guess and by
//! the formats that match their columns by name (Withings in every language it ships).
//!
//! A column's name is compared without its unit (`Gewicht (kg)` is `gewicht`) and in lower
//! case. `exact` names must be the whole name; `words` may be any word of it (`Blood
//! pressure systolic`), for names long enough not to be part of another word.

/// What a column holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Date,
    Time,
    Systolic,
    Diastolic,
    HeartRate,
    Weight,
    BloodSugar,
    Notes,
    Period,
}

struct Names {
    role: Role,
    /// Whole names.
    exact: &'static [&'static str],
    /// Words (or the start of a word, for the longer ones) found in a name.
    words: &'static [&'static str],
}

/// The table. Sources: the apps' own exports (docs/import.md lists each), OMRON's
/// localised logbook headers, Withings' localised exports, and what people type.
const NAMES: &[Names] = &[
    Names {
        role: Role::Date,
        exact: &[
            "date",
            "datum",
            "fecha",
            "data",
            "date de mesure",
            "measurement date",
            "messdatum",
            "fecha de medición",
            "data misurazione",
            "datum van meting",
            "data da medição",
            "data pomiaru",
            "ölçüm tarihi",
            "tarih",
            "日付",
            "測定日",
            "日時",
            "when",
            "day",
            "timestamp",
            "timestampunixms",
            "recorded_date",
            "recorded date",
            "datetime",
            "date/time",
            "date time",
            "datum/uhrzeit",
            "datum en tijd",
            "data e ora",
        ],
        words: &["date", "datum", "fecha", "timestamp", "日付", "測定日"],
    },
    Names {
        role: Role::Time,
        exact: &[
            "time",
            "zeit",
            "uhrzeit",
            "heure",
            "hora",
            "ora",
            "tijd",
            "godzina",
            "saat",
            "zaman",
            "時刻",
            "時間",
            "measurement time",
            "start time",
        ],
        words: &["time", "uhrzeit", "heure", "hora", "時刻"],
    },
    Names {
        role: Role::Systolic,
        exact: &[
            "systolic",
            "sys",
            "systole",
            "systolisch",
            "systolique",
            "sistólica",
            "sistolica",
            "systolisch bloeddruk",
            "bovendruk",
            "skurczowe",
            "sistolik",
            "最高血圧",
            "収縮期血圧",
            "systolic_bp",
            "sbp",
            "high",
        ],
        words: &["systol", "sistol", "skurcz", "最高血圧", "収縮期"],
    },
    Names {
        role: Role::Diastolic,
        exact: &[
            "diastolic",
            "dia",
            "diastole",
            "diastolisch",
            "diastolique",
            "diastólica",
            "diastolica",
            "onderdruk",
            "rozkurczowe",
            "diyastolik",
            "最低血圧",
            "拡張期血圧",
            "diastolic_bp",
            "dbp",
            "low",
        ],
        words: &[
            "diastol",
            "diastól",
            "rozkurcz",
            "diyastol",
            "最低血圧",
            "拡張期",
        ],
    },
    Names {
        role: Role::HeartRate,
        exact: &[
            "heart rate",
            "pulse",
            "puls",
            "pouls",
            "pulso",
            "polso",
            "hartslag",
            "nabız",
            "nabiz",
            "tętno",
            "herzfrequenz",
            "fréquence cardiaque",
            "frecuencia cardíaca",
            "frequenza cardiaca",
            "frequência cardíaca",
            "hr",
            "bpm",
            "pul",
            "脈拍",
            "心拍数",
            "heart_rate",
            "heartrate",
        ],
        words: &[
            "pulse",
            "puls",
            "pouls",
            "pulso",
            "heart",
            "herzfreq",
            "cardiaque",
            "cardíaca",
            "cardiaca",
            "hartslag",
            "脈拍",
            "心拍",
        ],
    },
    Names {
        role: Role::Weight,
        exact: &[
            "weight",
            "gewicht",
            "poids",
            "peso",
            "waga",
            "kilo",
            "ağırlık",
            "kilo (kg)",
            "bodyweight",
            "body weight",
            "体重",
            "kg",
            "lb",
            "lbs",
            "st",
        ],
        words: &[
            "weight",
            "gewicht",
            "poids",
            "peso",
            "waga",
            "ağırlık",
            "体重",
        ],
    },
    Names {
        role: Role::BloodSugar,
        exact: &[
            "blood sugar",
            "glucose",
            "blood glucose",
            "blutzucker",
            "glukose",
            "glycémie",
            "glucemia",
            "glicemia",
            "glicose",
            "bloedsuiker",
            "cukier",
            "glikoz",
            "kan şekeri",
            "血糖",
            "血糖値",
            "blood_glucose",
            "bg",
            "mg/dl",
            "mmol/l",
        ],
        words: &[
            "glucose",
            "sugar",
            "zucker",
            "glukose",
            "glycémie",
            "glucemia",
            "glicemia",
            "glicose",
            "bloedsuiker",
            "cukier",
            "glikoz",
            "血糖",
        ],
    },
    Names {
        role: Role::Notes,
        exact: &[
            "notes",
            "note",
            "comments",
            "comment",
            "kommentare",
            "kommentar",
            "notiz",
            "notizen",
            "bemerkung",
            "bemerkungen",
            "commentaire",
            "commentaires",
            "remarque",
            "comentario",
            "comentarios",
            "nota",
            "notas",
            "commento",
            "commenti",
            "opmerking",
            "opmerkingen",
            "comentário",
            "comentários",
            "observações",
            "uwagi",
            "notatka",
            "not",
            "notlar",
            "açıklama",
            "メモ",
            "コメント",
            "memo",
            "description",
            "beschreibung",
        ],
        words: &[
            "note",
            "comment",
            "kommentar",
            "notiz",
            "bemerk",
            "commentaire",
            "comentario",
            "commento",
            "opmerking",
            "memo",
            "メモ",
        ],
    },
    Names {
        role: Role::Period,
        exact: &[
            "am/pm",
            "morning/evening",
            "period",
            "time of day",
            "tageszeit",
            "morgens/abends",
            "dagdeel",
            "pora dnia",
            "時間帯",
        ],
        words: &["am/pm", "tageszeit"],
    },
];

/// A column's name as compared: lower case, trimmed, without a leading `#` (a commented
/// header line), without its last bracketed group (its unit: `Sys (mmHg)`, `Weight [lbs]`),
/// other brackets read as spaces (`Blood Pressure [Systolic] (mmHg)` is
/// `blood pressure systolic`).
pub fn bare(cell: &str) -> String {
    let lower = cell
        .trim()
        .trim_start_matches('\u{feff}')
        .trim_start_matches('#')
        .trim()
        .to_lowercase();
    let cut = if lower.ends_with([')', ']', '}', '）']) {
        lower
            .rfind(['(', '[', '{', '（'])
            .filter(|at| *at > 0)
            .map_or(lower.as_str(), |at| &lower[..at])
    } else {
        lower.as_str()
    };
    cut.replace(['(', ')', '[', ']', '{', '}'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The role a column's name says exactly (any language), if one.
pub fn exact_role(cell: &str) -> Option<Role> {
    let name = bare(cell);
    NAMES
        .iter()
        .find(|n| n.exact.contains(&name.as_str()))
        .map(|n| n.role)
}

/// Whether a column's name says `role`: exactly, or by one of its words.
pub fn says(cell: &str, role: Role) -> bool {
    let name = bare(cell);
    let Some(names) = NAMES.iter().find(|n| n.role == role) else {
        return false;
    };
    if names.exact.contains(&name.as_str()) {
        return true;
    }
    // A pulse pressure (systolic less diastolic) is no pulse rate.
    const PRESSURE: [&str; 6] = [
        "pressure",
        "druck",
        "pression",
        "presión",
        "pressione",
        "pressão",
    ];
    if role == Role::HeartRate && PRESSURE.iter().any(|p| name.contains(p)) {
        return false;
    }
    // A time zone is no time.
    if role == Role::Time && (name.contains("zone") || name.contains("zona")) {
        return false;
    }
    // Diabetes columns are not diastolic; a date column is not a time because its
    // name says "Datum/Uhrzeit".
    name.split(|c: char| !(c.is_alphanumeric() || c == '/'))
        .filter(|w| !w.is_empty())
        .any(|w| {
            names
                .words
                .iter()
                .any(|want| w == *want || (want.chars().count() >= 5 && w.starts_with(want)))
        })
        || (!name.is_ascii()
            && names
                .words
                .iter()
                .any(|want| !want.is_ascii() && name.contains(want)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_each_language_say_their_role() {
        let cases = [
            ("Gewicht (kg)", Role::Weight),
            ("Poids (kg)", Role::Weight),
            ("Herzfrequenz", Role::HeartRate),
            ("Systole", Role::Systolic),
            ("Diastole", Role::Diastolic),
            ("Kommentare", Role::Notes),
            ("最高血圧（mmHg）", Role::Systolic),
            ("最低血圧（mmHg）", Role::Diastolic),
            ("脈拍（bpm）", Role::HeartRate),
            ("Pulso", Role::HeartRate),
            ("Fecha de medición", Role::Date),
            ("Blutzucker (mmol/L)", Role::BloodSugar),
            ("SYS(mmHg)", Role::Systolic),
            ("kg", Role::Weight),
            ("timestampUnixMs", Role::Date),
            ("Blood pressure systolic", Role::Systolic),
        ];
        for (cell, role) in cases {
            assert!(says(cell, role), "{cell} says {role:?}");
        }
        assert!(!says("Diabetes type", Role::Diastolic));
        assert!(!says("Pulse Pressure", Role::HeartRate));
        assert!(says("Pulse Rate", Role::HeartRate));
        assert!(says("Blood Pressure [Systolic] (mmHg)", Role::Systolic));
        assert!(says("Heart Rate [Avg] (count/min)", Role::HeartRate));
        assert_eq!(exact_role("#date"), Some(Role::Date));
        assert_eq!(exact_role("Zaman"), Some(Role::Time));
        assert_eq!(exact_role("Moment"), None);
        assert!(!says("Fat mass (kg)", Role::Weight));
        assert_eq!(exact_role("Gewicht (kg)"), Some(Role::Weight));
        assert_eq!(exact_role("Fettmasse (kg)"), None);
    }
}
