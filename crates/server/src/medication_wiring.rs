//! The medications context's ports that other contexts answer.

use std::sync::Arc;

use medications::MedicationService;
use medications::analysis::BpPoint;
use readings::ReadingService;
use readings::ports::RecordingAllowed;

/// Readings one call reads at most: a report's ten years at four a day fit
/// (`reports::service::MAX_READINGS`), so the work of one request stays bounded even after a
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
        let mut after = None;
        let mut read = 0;
        while read < MAX_READINGS_PER_CALL {
            let batch = self
                .0
                .list_batch(user, query.clone(), after)
                .await
                .map_err(|e| match e {
                    readings::ReadingError::Unexpected(cause) => cause,
                    refused => anyhow::Error::new(refused),
                })?;
            let Some(last) = batch.last() else {
                break;
            };
            after = Some(readings::model::ListPosition::from(last));
            read += batch.len();
            let full =
                usize::try_from(readings::service::LIST_BATCH).is_ok_and(|n| batch.len() >= n);
            points.extend(batch.iter().filter_map(|r| {
                Some(BpPoint {
                    date: r.date,
                    systolic: r.values.systolic?,
                    diastolic: r.values.diastolic?,
                })
            }));
            if !full {
                break;
            }
        }
        Ok(points)
    }
}

/// The medications service over the store, with readings and billing behind its ports.
pub(crate) fn medication_service(
    db: &store::Db,
    readings: &ReadingService,
    allowed: Arc<dyn RecordingAllowed>,
) -> MedicationService {
    MedicationService::new(
        Arc::new(store::MedicationStore::new(db.clone())),
        Arc::new(BloodPressureForMedications(readings.clone())),
        allowed,
    )
}

/// Whether a user took a blood-pressure medication, for the readings context's clinic/home
/// pattern (issue 35): the medications service answers from the dose periods of medications
/// marked "for blood pressure".
pub(crate) struct BpTreatment(pub(crate) MedicationService);

#[async_trait::async_trait]
impl readings::ports::Treatment for BpTreatment {
    async fn bp_treated_between(
        &self,
        user: kernel::UserId,
        from: chrono::NaiveDate,
        to: chrono::NaiveDate,
    ) -> anyhow::Result<bool> {
        self.0
            .bp_treated_between(user, from, to)
            .await
            .map_err(crate::app::IntoCause::into_cause)
    }
}
