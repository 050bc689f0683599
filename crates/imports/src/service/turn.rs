//! An import's turn: this server's place among the imports it runs (a bounded number in
//! all) and, where turns are kept in the database, the account's lease on its one import
//! at a time, which every server sharing the database sees (issue 33: the gate was per
//! process, so N servers gave an account N imports at once).

use std::sync::Arc;
use std::time::Duration;

use kernel::UserId;
use kernel::gate::Turn;

use crate::ports::ImportTurns;

/// How long a lease lasts unless extended: what a server that died keeps an account
/// waiting, at most.
pub const LEASE: Duration = Duration::from_secs(120);
/// How often the holder extends its lease while the import goes on.
const EXTEND_EVERY: Duration = Duration::from_secs(30);

/// One import's turn. [`ImportTurn::release`] gives it back before the import answers, so
/// the person's next step (the commit after the preview) finds it free on any server;
/// dropping it (a request cancelled) gives it back in the background.
pub struct ImportTurn {
    _local: Turn,
    lease: Option<Lease>,
}

impl ImportTurn {
    pub(super) fn new(local: Turn, lease: Option<Lease>) -> Self {
        Self {
            _local: local,
            lease,
        }
    }

    /// Gives the turn back now. A failure is logged: the lease then expires on its own.
    pub(super) async fn release(mut self) {
        if let Some(mut lease) = self.lease.take() {
            lease.keeper.abort();
            let holder = std::mem::take(&mut lease.holder);
            if let Err(e) = lease.turns.give_back(lease.user, &holder).await {
                tracing::warn!(error = %format!("{e:#}"), "giving back an import's turn");
            }
        }
    }
}

/// The account's lease, extended by a task while held.
pub(super) struct Lease {
    turns: Arc<dyn ImportTurns>,
    user: UserId,
    holder: String,
    keeper: tokio::task::JoinHandle<()>,
}

impl Lease {
    /// The account's lease, or `None` while another holder (on any server) has it.
    pub(super) async fn take(
        turns: &Arc<dyn ImportTurns>,
        user: UserId,
    ) -> anyhow::Result<Option<Lease>> {
        let holder = kernel::secret::generate()?;
        if !turns.take(user, &holder, LEASE).await? {
            return Ok(None);
        }
        let keeper = {
            let (turns, holder) = (turns.clone(), holder.clone());
            tokio::spawn(async move {
                let mut every = tokio::time::interval(EXTEND_EVERY);
                every.tick().await;
                loop {
                    every.tick().await;
                    match turns.extend(user, &holder, LEASE).await {
                        Ok(true) => {}
                        Ok(false) => {
                            tracing::warn!(user = user.0, "an import's turn expired while held");
                            return;
                        }
                        // The next tick tries again; the lease outlasts a few failures.
                        Err(e) => {
                            tracing::warn!(error = %format!("{e:#}"), "extending an import's turn")
                        }
                    }
                }
            })
        };
        Ok(Some(Lease {
            turns: turns.clone(),
            user,
            holder,
            keeper,
        }))
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        self.keeper.abort();
        if self.holder.is_empty() {
            return; // released already
        }
        let (turns, user, holder) = (
            self.turns.clone(),
            self.user,
            std::mem::take(&mut self.holder),
        );
        // Given back as soon as may be; should that fail, the lease expires on its own.
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                if let Err(e) = turns.give_back(user, &holder).await {
                    tracing::warn!(error = %format!("{e:#}"), "giving back an import's turn");
                }
            });
        }
    }
}
