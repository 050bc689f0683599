//! How one context answers another's port. A bridge implements a port the asking context
//! declares, with the service of the context that knows; `wiring` plugs them in. Nothing
//! here decides anything: a rule found in a bridge belongs in a domain crate.

mod imports;
mod medications;
mod notifications;
mod readings;
mod reports;

pub(crate) use imports::RecordForImports;
pub(crate) use medications::BloodPressureForMedications;
pub(crate) use notifications::{DoseRemindersFromMedications, WeeklyFromReports};
pub(crate) use readings::{BpTreatment, PreferredZones};
pub(crate) use reports::{
    HomeWeeksForReports, MedicationsForReports, PatientProfile, ReadingsForReports,
};

/// A use case's error handed to another context through that context's port, which speaks
/// `anyhow::Error`. An unexpected failure passes on as it is, so its whole cause chain is
/// logged and the types in it still count (`kernel::health::Unavailable` answers 503); a
/// refusal becomes the error itself.
pub(crate) trait IntoCause {
    fn into_cause(self) -> anyhow::Error;
}

macro_rules! into_cause {
    ($($error:ty),+) => {$(
        impl IntoCause for $error {
            fn into_cause(self) -> anyhow::Error {
                match self {
                    Self::Unexpected(cause) => cause,
                    refused => anyhow::Error::new(refused),
                }
            }
        }
    )+};
}

into_cause!(
    ::identity::IdentityError,
    ::readings::ReadingError,
    ::reports::ReportError,
    ::medications::MedicationError
);
