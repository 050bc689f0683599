//! Placeholder replaced by its parser (helper in progress).

use std::path::Path;

use super::{Context, FileError, Parsed};

pub fn parse(_path: &Path, _ctx: &Context<'_>) -> Result<Parsed, FileError> {
    Err(FileError::new("not yet readable"))
}
