//! The Trends page's per-day summaries (issue 36): a bounded span, summed up by the store.

use chrono::NaiveDate;
use kernel::UserId;

use super::{ReadingError, ReadingService};
use crate::daily::{self, DayAggregate};

impl ReadingService {
    /// One row per day with readings between `from` and `to` (both included), oldest first.
    /// Both days are needed, in order, at most [`daily::MAX_SPAN_DAYS`] apart: the answer
    /// is bounded whatever the record holds.
    pub async fn daily(
        &self,
        user: UserId,
        from: Option<NaiveDate>,
        to: Option<NaiveDate>,
    ) -> Result<Vec<DayAggregate>, ReadingError> {
        let (from, to) = daily::span(from, to).map_err(ReadingError::invalid)?;
        Ok(self.repo.daily(user, from, to).await?)
    }
}
