//! actix-session storage backed by the sessions table (through the identity domain's
//! [`SessionRepository`] port). Sessions live on the server, so logging out, resetting or
//! changing the password really ends them: a copied cookie stops working.

use std::collections::HashMap;
use std::sync::Arc;

use actix_session::storage::{LoadError, SaveError, SessionKey, SessionStore, UpdateError};
use actix_web::cookie::time::Duration;
use identity::ports::SessionRepository;
use kernel::{Clock, UserId, secret};

/// Session key under which the signed-in user's id is kept.
pub const USER_ID: &str = "uid";

type SessionState = HashMap<String, String>;

#[derive(Clone)]
pub struct DbSessionStore {
    repo: Arc<dyn SessionRepository>,
    clock: Arc<dyn Clock>,
}

impl DbSessionStore {
    pub fn new(repo: Arc<dyn SessionRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { repo, clock }
    }

    fn expiry(&self, ttl: &Duration) -> chrono::DateTime<chrono::Utc> {
        self.clock.now() + chrono::Duration::seconds(ttl.whole_seconds())
    }
}

fn user_of(state: &SessionState) -> Option<UserId> {
    state
        .get(USER_ID)
        .and_then(|v| v.parse::<i64>().ok())
        .map(UserId)
}

impl SessionStore for DbSessionStore {
    async fn load(&self, key: &SessionKey) -> Result<Option<SessionState>, LoadError> {
        let hash = secret::hash(key.as_ref());
        let raw = self
            .repo
            .load(&hash, self.clock.now())
            .await
            .map_err(LoadError::Other)?;
        match raw {
            None => Ok(None),
            Some(raw) => serde_json::from_str(&raw)
                .map(Some)
                .map_err(|e| LoadError::Deserialization(e.into())),
        }
    }

    async fn save(&self, state: SessionState, ttl: &Duration) -> Result<SessionKey, SaveError> {
        let body = serde_json::to_string(&state).map_err(|e| SaveError::Serialization(e.into()))?;
        let key = secret::generate().map_err(|e| SaveError::Other(e.into()))?;
        self.repo
            .insert(
                &secret::hash(&key),
                user_of(&state),
                &body,
                self.expiry(ttl),
            )
            .await
            .map_err(SaveError::Other)?;
        SessionKey::try_from(key).map_err(|e| SaveError::Other(e.into()))
    }

    async fn update(
        &self,
        key: SessionKey,
        state: SessionState,
        ttl: &Duration,
    ) -> Result<SessionKey, UpdateError> {
        let body =
            serde_json::to_string(&state).map_err(|e| UpdateError::Serialization(e.into()))?;
        // A session that was ended meanwhile stays ended: the update changes nothing and the
        // next request with this cookie finds no session.
        self.repo
            .update(
                &secret::hash(key.as_ref()),
                user_of(&state),
                &body,
                self.expiry(ttl),
            )
            .await
            .map_err(UpdateError::Other)?;
        Ok(key)
    }

    async fn update_ttl(&self, key: &SessionKey, ttl: &Duration) -> Result<(), anyhow::Error> {
        self.repo
            .touch(&secret::hash(key.as_ref()), self.expiry(ttl))
            .await
    }

    async fn delete(&self, key: &SessionKey) -> Result<(), anyhow::Error> {
        self.repo.delete(&secret::hash(key.as_ref())).await
    }
}
