//! The medications context's port answered by readings: the blood pressure history that
//! before/after averages are computed from.

use medications::analysis::BpPoint;
use readings::ReadingService;

use super::IntoCause;

/// Readings one call reads at most: a report's ten years at four a day fit
/// (`reports::rules::MAX_READINGS`), so the work of one request stays bounded even after a
/// huge import.
const MAX_READINGS_PER_CALL: usize = 20_000;

/// Medications read blood pressure readings through their own port.
pub(crate) struct BloodPressureForMedications(pub(crate) ReadingService);

#[async_trait::async_trait]
impl medications::ports::BloodPressureHistory for BloodPressureForMedications {
    /// Every blood pressure reading of the days, read batch by batch: one page (newest first,
    /// at most `readings::service::MAX_PAGE`) would drop the oldest days of a busy span, and
    /// with them the readings before a change.
    async fn between(
        &self,
        user: kernel::UserId,
        from: chrono::NaiveDate,
        to: chrono::NaiveDate,
    ) -> anyhow::Result<Vec<BpPoint>> {
        let query = readings::ReadingQuery {
            from: Some(from),
            to: Some(to),
            kind: Some(readings::Kind::Bp),
            ..Default::default()
        };
        let mut points = Vec::new();
        let mut walk = self.0.walk(user, query);
        let mut read = 0;
        while read < MAX_READINGS_PER_CALL {
            let Some(batch) = walk.next().await.map_err(IntoCause::into_cause)? else {
                break;
            };
            read += batch.readings.len();
            points.extend(batch.readings.iter().filter_map(|r| {
                Some(BpPoint {
                    date: r.date,
                    systolic: r.values.systolic?,
                    diastolic: r.values.diastolic?,
                })
            }));
        }
        Ok(points)
    }
}
