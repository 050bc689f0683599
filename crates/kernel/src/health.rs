/// Readiness of a dependency (the database). `/health/ready` asks it.
#[async_trait::async_trait]
pub trait HealthCheck: Send + Sync {
    /// `Ok` when the dependency answers now; the error says what is wrong, for operators.
    async fn check(&self) -> Result<(), String>;
}
