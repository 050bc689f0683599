//! The medications context's ports that other contexts answer.

use std::sync::Arc;

use medications::MedicationService;
use medications::analysis::BpPoint;
use readings::ReadingService;
use readings::ports::RecordingAllowed;

/// Readings of one window at most: far above anyone's four weeks of measurements, so one
/// request's work stays bounded even after a huge import.
const MAX_READINGS_PER_WINDOW: i64 = 2_000;

/// Medications read blood pressure readings through their own port.
pub(crate) struct BloodPressureForMedications(pub(crate) ReadingService);

#[async_trait::async_trait]
impl medications::ports::BloodPressureHistory for BloodPressureForMedications {
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
            limit: Some(MAX_READINGS_PER_WINDOW),
            ..Default::default()
        };
        let page = self.0.list(user, query).await.map_err(|e| match e {
            readings::ReadingError::Unexpected(cause) => cause,
            refused => anyhow::Error::new(refused),
        })?;
        Ok(page
            .readings
            .iter()
            .filter_map(|r| {
                Some(BpPoint {
                    date: r.date,
                    systolic: r.values.systolic?,
                    diastolic: r.values.diastolic?,
                })
            })
            .collect())
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
