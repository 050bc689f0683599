//! The imports context's port answered by readings: what is stored already (to tell a
//! file's new readings), and storing the new ones by readings' own rules.

use readings::{ReadingError, ReadingService};

use super::IntoCause;

/// Imports read and add to the record through their own port.
pub(crate) struct RecordForImports(pub(crate) ReadingService);

/// A refusal the imports context answers as its own (the account past its bounds, no
/// subscription) passes as itself; anything else as [`IntoCause`] passes it.
fn cause(e: ReadingError) -> anyhow::Error {
    match e {
        ReadingError::Full(full) => anyhow::Error::new(full),
        ReadingError::SubscriptionRequired(refused) => anyhow::Error::new(refused),
        other => other.into_cause(),
    }
}

#[async_trait::async_trait]
impl imports::ports::Record for RecordForImports {
    async fn between(
        &self,
        user: kernel::UserId,
        from: chrono::NaiveDate,
        to: chrono::NaiveDate,
    ) -> anyhow::Result<Vec<readings::ReadingValues>> {
        let query = readings::ReadingQuery {
            from: Some(from),
            to: Some(to),
            ..Default::default()
        };
        let page = self.0.list(user, query).await.map_err(cause)?;
        Ok(page
            .readings
            .iter()
            .map(readings::ReadingValues::from)
            .collect())
    }

    async fn add(
        &self,
        user: kernel::UserId,
        readings: Vec<readings::ReadingValues>,
    ) -> anyhow::Result<usize> {
        self.0.add_checked(user, readings).await.map_err(cause)
    }
}
