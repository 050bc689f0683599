use serde::{Deserialize, Serialize};
use std::fmt;

/// Primary key of a user. Every owned record is keyed by it; the web layer only ever takes
/// it from the session, never from a request body.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UserId(pub i64);

impl fmt::Display for UserId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
