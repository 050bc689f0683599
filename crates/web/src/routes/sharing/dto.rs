//! The sharing API's JSON shapes (camelCase), owner's and visitor's.

use chrono::{DateTime, SecondsFormat, Utc};
use reports::analysis::{DayPart, Direction, Stats, Trend};
use serde::{Deserialize, Serialize};
use sharing::view::SharedView;
use sharing::{Access, Includes, Period, Share};
use utoipa::ToSchema;

fn rfc3339(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CreateShareRequest {
    pub label: String,
    pub shown_name: String,
    /// `since`, `fixed` or `rolling`.
    pub period_kind: String,
    /// For `since`: the first day, YYYY-MM-DD.
    pub from: String,
    /// For `fixed` and `rolling`: 30, 90 or 365.
    pub days: Option<i64>,
    pub include_heart_rate: bool,
    pub include_weight: bool,
    pub include_blood_sugar: bool,
    pub include_notes: bool,
    pub include_medications: bool,
    /// 1, 7, 30 or 90.
    pub lifetime_days: Option<i64>,
    /// Empty or absent for none.
    pub access_code: String,
    /// The clinician's address to email the link to; empty or absent for none.
    pub email: String,
}

impl CreateShareRequest {
    pub fn into_input(self) -> sharing::ShareInput {
        sharing::ShareInput {
            label: self.label,
            shown_name: self.shown_name,
            period_kind: self.period_kind,
            from: self.from,
            days: self.days,
            includes: Includes {
                heart_rate: self.include_heart_rate,
                weight: self.include_weight,
                blood_sugar: self.include_blood_sugar,
                notes: self.include_notes,
                medications: self.include_medications,
            },
            lifetime_days: self.lifetime_days,
            access_code: self.access_code,
            email: self.email,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShareDto {
    pub id: i64,
    pub label: String,
    pub shown_name: String,
    /// `since`, `fixed` or `rolling`.
    pub period_kind: String,
    pub from: Option<String>,
    pub to: Option<String>,
    pub days: Option<i64>,
    /// The period in words ("The last 30 days, as of the day it is opened").
    pub period_text: String,
    pub include_heart_rate: bool,
    pub include_weight: bool,
    pub include_blood_sugar: bool,
    pub include_notes: bool,
    pub include_medications: bool,
    pub has_access_code: bool,
    /// RFC 3339 UTC.
    pub created_at: String,
    pub expires_at: String,
    pub revoked_at: Option<String>,
    /// `active`, `expired` or `revoked`.
    pub status: String,
    /// Times the view was opened.
    pub opened: i64,
    pub last_opened_at: Option<String>,
    pub emailed_to: Option<String>,
}

impl ShareDto {
    pub fn new(s: &Share, now: DateTime<Utc>) -> Self {
        let (from, to, days) = match s.period {
            Period::Since(from) => (Some(from), None, None),
            Period::Fixed { from, to } => (Some(from), Some(to), None),
            Period::Rolling { days } => (None, None, Some(days)),
        };
        Self {
            id: s.id,
            label: s.label.clone(),
            shown_name: s.shown_name.clone(),
            period_kind: s.period.kind().to_owned(),
            from: from.map(|d| d.to_string()),
            to: to.map(|d| d.to_string()),
            days,
            period_text: s.period.describe(),
            include_heart_rate: s.includes.heart_rate,
            include_weight: s.includes.weight,
            include_blood_sugar: s.includes.blood_sugar,
            include_notes: s.includes.notes,
            include_medications: s.includes.medications,
            has_access_code: s.code_hash.is_some(),
            created_at: rfc3339(s.created_at),
            expires_at: rfc3339(s.expires_at),
            revoked_at: s.revoked_at.map(rfc3339),
            status: s.status(now).code().to_owned(),
            opened: s.opened,
            last_opened_at: s.last_opened_at.map(rfc3339),
            emailed_to: s.emailed_to.clone(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedShareDto {
    pub share: ShareDto,
    /// The link to give the clinician. Shown only now: the server keeps only its hash.
    pub link: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShareAccessDto {
    /// RFC 3339 UTC.
    pub at: String,
    /// `view` or `pdf`.
    pub kind: String,
    /// Coarse: "Chrome on Android".
    pub browser: String,
}

impl From<&Access> for ShareAccessDto {
    fn from(a: &Access) -> Self {
        Self {
            at: rfc3339(a.at),
            kind: a.kind.code().to_owned(),
            browser: a.browser.clone(),
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct UnlockRequest {
    pub code: String,
}

// ----- the visitor's view -----

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatsDto {
    pub count: usize,
    pub average: f64,
    pub min: f64,
    pub max: f64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayPartDto {
    pub readings: usize,
    pub systolic: Option<f64>,
    pub diastolic: Option<f64>,
    pub heart_rate: Option<f64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryCountDto {
    /// The readings API's `bpCategory` codes (2017 ACC/AHA).
    pub category: String,
    pub label: String,
    pub count: usize,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrendDto {
    /// `rising`, `falling`, `stable`, or `too-few-days` (fewer days with readings than
    /// `TrendsDto.minDays`: no trend is stated).
    pub direction: String,
    /// Fitted change from the first day to the last, in the measure's unit (0 with too few
    /// days).
    pub over_period: f64,
    /// Change per 30 days, only when the readings span four weeks or more.
    pub per30_days: Option<f64>,
    /// Days with a reading of the measure.
    pub days: usize,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrendsDto {
    /// How the trends are computed, in one sentence to show with them.
    pub method: String,
    /// The fewest days with readings a trend is stated from.
    pub min_days: usize,
    pub systolic: Option<TrendDto>,
    pub diastolic: Option<TrendDto>,
    pub heart_rate: Option<TrendDto>,
    pub weight: Option<TrendDto>,
    pub blood_sugar: Option<TrendDto>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryDto {
    pub readings: usize,
    pub systolic: Option<StatsDto>,
    pub diastolic: Option<StatsDto>,
    pub heart_rate: Option<StatsDto>,
    pub weight: Option<StatsDto>,
    pub blood_sugar: Option<StatsDto>,
    /// The guided measurement's morning, 04:00 to 11:59 (`readings::session::Period`).
    pub morning: DayPartDto,
    /// The rest of the day, 12:00 to 03:59: every reading is in the morning or the evening.
    pub evening: DayPartDto,
    /// Every category of the owner's guideline in its order, zeros included.
    pub categories: Vec<CategoryCountDto>,
    pub trends: TrendsDto,
    /// Severe readings in the owner's guideline (ACC/AHA: above 180/120; ESH, ESC: 180/110
    /// or higher), either number alone.
    pub severe: usize,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SharedReadingDto {
    pub date: String,
    /// HH:MM.
    pub time: String,
    pub systolic: Option<i32>,
    pub diastolic: Option<i32>,
    pub heart_rate: Option<i32>,
    /// Pounds, as every JSON API answers (the client shows it in `weightUnit`).
    pub weight: Option<f64>,
    /// mg/dL, as every JSON API answers (the client shows it in `bloodSugarUnit`).
    pub blood_sugar: Option<f64>,
    /// In the owner's guideline, as `GET /api/readings` gives it.
    pub bp_category: Option<crate::routes::readings::CategoryDto>,
    /// Very high in the owner's guideline (either number alone), as the readings API says.
    pub severe: bool,
    pub notes: Option<String>,
    /// home, or office (taken at the clinic).
    pub setting: &'static str,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SharedMedicationDto {
    pub name: String,
    /// Each dose period overlapping the days shown ("10 mg, twice a day (08:00, 20:00), from
    /// 12/15/2025 (ongoing)").
    pub doses: Vec<String>,
    /// "Taken 52 of 56 scheduled doses (93%); 2 skipped, 2 missed".
    pub adherence: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SharedViewDto {
    /// The name the owner chose to show.
    pub shown_name: String,
    pub from: String,
    pub to: String,
    pub period_text: String,
    /// RFC 3339 UTC.
    pub expires_at: String,
    pub generated_at: String,
    /// The owner's weight unit, `lbs` or `kg`, to show the (canonical) values in.
    pub weight_unit: String,
    /// The owner's blood sugar unit, `mg/dL` or `mmol/L`, to show the (canonical) values in.
    pub blood_sugar_unit: String,
    /// The owner's guideline: acc-aha-2025, esh-2023 or esc-2024.
    pub guideline: String,
    /// Its short name, "ACC/AHA 2025", named beside every category.
    pub guideline_name: String,
    pub include_heart_rate: bool,
    pub include_weight: bool,
    pub include_blood_sugar: bool,
    pub include_notes: bool,
    pub include_medications: bool,
    pub summary: SummaryDto,
    /// Oldest first.
    pub readings: Vec<SharedReadingDto>,
    /// `None` when the share leaves medications out; empty when none were taken.
    pub medications: Option<Vec<SharedMedicationDto>>,
    /// That the averages say nothing of cause and are not a diagnosis (medications).
    pub medication_note: Option<String>,
}

/// One decimal: what the view shows of an average.
fn one(v: f64) -> f64 {
    kernel::units::round_to(v, 1)
}

fn stats(s: Option<Stats>, conv: impl Fn(f64) -> f64) -> Option<StatsDto> {
    s.map(|s| StatsDto {
        count: s.count,
        average: conv(s.average),
        min: conv(s.min),
        max: conv(s.max),
    })
}

fn trend(t: Option<Trend>, conv: impl Fn(f64) -> f64) -> Option<TrendDto> {
    t.map(|t| TrendDto {
        direction: match t.direction {
            Direction::Rising => "rising",
            Direction::Falling => "falling",
            Direction::Stable => "stable",
            Direction::TooFewDays => "too-few-days",
        }
        .to_owned(),
        over_period: conv(t.over_period),
        per30_days: t.per_30_days.map(conv),
        days: t.days,
    })
}

fn day_part(p: &DayPart) -> DayPartDto {
    DayPartDto {
        readings: p.readings,
        systolic: p.systolic.map(one),
        diastolic: p.diastolic.map(one),
        heart_rate: p.heart_rate.map(one),
    }
}

/// The summary in canonical units, like every JSON API (issue 37): the client converts.
fn summary(v: &SharedView) -> SummaryDto {
    let a = &v.analysis;
    let bp = |s: Option<Stats>| stats(s, one);
    let categories = a
        .categories
        .iter()
        .map(|(c, n)| CategoryCountDto {
            category: c.code.to_owned(),
            label: c.label.to_owned(),
            count: *n,
        })
        .collect();
    SummaryDto {
        readings: a.readings,
        systolic: bp(a.systolic),
        diastolic: bp(a.diastolic),
        heart_rate: bp(a.heart_rate),
        weight: stats(a.weight, std::convert::identity),
        blood_sugar: stats(a.blood_sugar, std::convert::identity),
        morning: day_part(&a.morning),
        evening: day_part(&a.evening),
        categories,
        trends: TrendsDto {
            method: reports::analysis::TREND_METHOD.to_owned(),
            min_days: reports::analysis::MIN_TREND_DAYS,
            systolic: trend(a.systolic_trend, one),
            diastolic: trend(a.diastolic_trend, one),
            heart_rate: trend(a.heart_rate_trend, one),
            weight: trend(a.weight_trend, std::convert::identity),
            blood_sugar: trend(a.blood_sugar_trend, std::convert::identity),
        },
        severe: a.severe,
    }
}

impl From<&SharedView> for SharedViewDto {
    fn from(v: &SharedView) -> Self {
        let u = v.units;
        let s = &v.share;
        let readings = v
            .readings
            .iter()
            .map(|r| SharedReadingDto {
                date: r.date.to_string(),
                time: r.time.format("%H:%M").to_string(),
                systolic: r.values.systolic,
                diastolic: r.values.diastolic,
                heart_rate: r.values.heart_rate,
                weight: r.values.weight,
                blood_sugar: r.values.blood_sugar,
                bp_category: r
                    .values
                    .bp_category(v.guideline)
                    .map(crate::routes::readings::CategoryDto::of),
                severe: r.values.severe(v.guideline),
                notes: r.notes.clone(),
                setting: r.setting.code(),
            })
            .collect();
        let medications = v.medications.as_ref().map(|m| {
            m.lines
                .iter()
                .map(|l| SharedMedicationDto {
                    name: l.name.clone(),
                    doses: l
                        .periods
                        .iter()
                        .map(medications::service::period_text)
                        .collect(),
                    adherence: medications::service::adherence_text(&l.adherence, &l.periods),
                })
                .collect()
        });
        Self {
            shown_name: s.shown_name.clone(),
            from: v.from.to_string(),
            to: v.to.to_string(),
            period_text: s.period.describe(),
            expires_at: rfc3339(s.expires_at),
            generated_at: rfc3339(v.generated_at),
            weight_unit: u.weight.as_str().to_owned(),
            blood_sugar_unit: u.sugar.as_str().to_owned(),
            guideline: v.guideline.code().to_owned(),
            guideline_name: readings::GuidelineRules::of(v.guideline).name.to_owned(),
            include_heart_rate: s.includes.heart_rate,
            include_weight: s.includes.weight,
            include_blood_sugar: s.includes.blood_sugar,
            include_notes: s.includes.notes,
            include_medications: s.includes.medications,
            summary: summary(v),
            readings,
            medication_note: v.medications.as_ref().map(|m| m.note.to_owned()),
            medications,
        }
    }
}
