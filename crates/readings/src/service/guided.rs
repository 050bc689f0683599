//! Guided measurements and the home monitoring week (issue 15): the use cases beside the
//! plain readings'. `today` is the user's date (their time zone), which the caller knows.

use chrono::{Duration, Months, NaiveDate};
use kernel::{FieldErrors, UserId};

use super::{ReadingError, ReadingService};
use crate::home_week::{self, Origin, WeekSummary};
use crate::model::{Kind, Reading, ReadingQuery};
use crate::pattern::{self, Pattern};
use crate::rules;
use crate::session::{self, Period, SessionInput};
use crate::setting::Setting;

impl ReadingService {
    /// Stores a guided measurement (needs a subscription, like recording).
    pub async fn create_session(
        &self,
        user: UserId,
        input: SessionInput,
    ) -> Result<Reading, ReadingError> {
        self.require_subscription(user).await?;
        let (values, session) =
            session::validate(&input, self.latest(user).await?).map_err(ReadingError::invalid)?;
        Ok(self.repo.insert_session(user, values, session).await?)
    }

    /// Changes a guided measurement's period (morning or evening).
    pub async fn set_session_period(
        &self,
        user: UserId,
        id: i64,
        period: &str,
    ) -> Result<Reading, ReadingError> {
        self.get(user, id).await?;
        self.require_subscription(user).await?;
        let Some(period) = Period::parse(period) else {
            let mut errors = FieldErrors::new();
            errors.add("period", rules::MSG_PERIOD_INVALID);
            return Err(ReadingError::invalid(errors));
        };
        self.repo
            .set_period(user, id, period)
            .await?
            .ok_or(ReadingError::NotFound)
    }

    /// The readings of the days `[from, to]`.
    async fn readings_between(
        &self,
        user: UserId,
        (from, to): (NaiveDate, NaiveDate),
    ) -> Result<Vec<Reading>, ReadingError> {
        let query = ReadingQuery {
            from: Some(from),
            to: Some(to),
            ..Default::default()
        };
        Ok(self.repo.list(user, query).await?.readings)
    }

    /// The week the dashboard shows ([`home_week::current`]). A week is recognised only
    /// from readings after the last day the user stopped one, so stopping a week is not
    /// undone at once by recognising the same readings.
    pub async fn home_week(
        &self,
        user: UserId,
        today: NaiveDate,
    ) -> Result<Option<WeekSummary>, ReadingError> {
        let latest = self.weeks.latest_start(user).await?;
        let guideline = self.guideline(user).await?;
        let readings = self
            .readings_between(user, home_week::window(today))
            .await?;
        let started = home_week::current(today, latest, &readings, guideline)
            .filter(|w| w.origin == Origin::Started);
        if started.is_some() {
            return Ok(started);
        }
        let stopped = self.weeks.last_stopped(user).await?;
        let after_stop: Vec<Reading> = readings
            .into_iter()
            .filter(|r| stopped.is_none_or(|s| r.date > s))
            .collect();
        Ok(home_week::current(today, None, &after_stop, guideline))
    }

    /// The clinic/home pattern of `week` ([`pattern::pattern`]): the clinic readings dated
    /// within 3 months of it, whether a blood-pressure medication was taken over those days,
    /// in the user's guideline; `None` without a home average or enough clinic readings.
    pub async fn home_week_pattern(
        &self,
        user: UserId,
        week: &WeekSummary,
    ) -> Result<Option<Pattern>, ReadingError> {
        if week.average.is_none() {
            return Ok(None);
        }
        let months = Months::new(pattern::WITHIN_MONTHS);
        let (Some(from), Some(to)) = (
            week.start.checked_sub_months(months),
            week.end.checked_add_months(months),
        ) else {
            return Ok(None);
        };
        // Only the clinic's readings, with both numbers: few, however many home ones there are.
        let query = ReadingQuery {
            from: Some(from),
            to: Some(to),
            kind: Some(Kind::Bp),
            setting: Some(Setting::Office),
            ..Default::default()
        };
        let office: Vec<(NaiveDate, i32, i32)> = self
            .repo
            .list(user, query)
            .await?
            .readings
            .iter()
            .filter_map(|r| Some((r.date, r.values.systolic?, r.values.diastolic?)))
            .collect();
        if office.len() < pattern::MIN_OFFICE_READINGS {
            return Ok(None);
        }
        let first = office
            .iter()
            .map(|o| o.0)
            .min()
            .map_or(week.start, |d| d.min(week.start));
        let last = office
            .iter()
            .map(|o| o.0)
            .max()
            .map_or(week.end, |d| d.max(week.end));
        let treated = self.treatment.bp_treated_between(user, first, last).await?;
        let guideline = self.guideline(user).await?;
        Ok(pattern::pattern(guideline, week, &office, treated))
    }

    /// Starts a home monitoring week on `start` (today when not sent), which must be today
    /// or one of the 6 days before. It replaces a started week still running today: starting
    /// again moves the week (e.g. to an earlier first day), it does not add a second one.
    pub async fn start_home_week(
        &self,
        user: UserId,
        today: NaiveDate,
        start: Option<&str>,
    ) -> Result<WeekSummary, ReadingError> {
        self.require_subscription(user).await?;
        // The earliest first day of a week still running today.
        let earliest = today - Duration::days(rules::HOME_WEEK_DAYS - 1);
        let start = match start.map(str::trim).filter(|s| !s.is_empty()) {
            None => today,
            Some(raw) => match kernel::date::parse_form_date(raw) {
                Some(d) if (earliest..=today).contains(&d) => d,
                parsed => {
                    let mut errors = FieldErrors::new();
                    let message = if parsed.is_some() {
                        rules::MSG_WEEK_START_RANGE
                    } else {
                        rules::MSG_DATE_INVALID
                    };
                    errors.add("startDate", message);
                    return Err(ReadingError::invalid(errors));
                }
            },
        };
        self.weeks.start(user, start, earliest).await?;
        let end = start + Duration::days(rules::HOME_WEEK_DAYS - 1);
        let readings = self.readings_between(user, (start, end)).await?;
        Ok(home_week::summarize(
            start,
            Origin::Started,
            today,
            &readings,
            self.guideline(user).await?,
        ))
    }

    /// Stops the started week still running today: it is shown and reported no more, and
    /// its readings are not recognised as a week again; not found when none.
    pub async fn stop_home_week(&self, user: UserId, today: NaiveDate) -> Result<(), ReadingError> {
        let running = self.weeks.latest_start(user).await?.filter(|start| {
            *start <= today && today - *start < Duration::days(rules::HOME_WEEK_DAYS)
        });
        match running {
            Some(start) if self.weeks.stop(user, start, today).await? => Ok(()),
            _ => Err(ReadingError::NotFound),
        }
    }

    /// The first days of the weeks the user started within `[from, to]` (for reports).
    pub async fn home_week_starts(
        &self,
        user: UserId,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<Vec<NaiveDate>, ReadingError> {
        Ok(self.weeks.starts_between(user, from, to).await?)
    }
}
