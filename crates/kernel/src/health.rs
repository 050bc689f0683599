/// Readiness of a dependency (the database). `/health/ready` asks it.
#[async_trait::async_trait]
pub trait HealthCheck: Send + Sync {
    /// `Ok` when the dependency answers now; the error says what is wrong, for operators.
    async fn check(&self) -> Result<(), String>;
}

/// A dependency (the database) did not answer, or not in time. Adapters put it in the
/// error chain; the web layer answers 503 (try again) instead of 500.
#[derive(Debug, thiserror::Error)]
#[error("temporarily unavailable: {0}")]
pub struct Unavailable(pub String);
