use serde::Serialize;
use std::collections::BTreeMap;

use crate::rules::MSG_CHECK_FIELDS;

/// Validation messages keyed by field name (camelCase, as the client names its fields).
/// The web layer sends them as the `errors` object of a 400 answer.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct FieldErrors(BTreeMap<String, String>);

impl FieldErrors {
    pub fn new() -> Self {
        Self::default()
    }

    /// Records the first message for a field; later ones for the same field are dropped so
    /// the user sees one clear message at a time.
    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        self.0
            .entry(field.to_owned())
            .or_insert_with(|| message.into());
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn get(&self, field: &str) -> Option<&str> {
        self.0.get(field).map(String::as_str)
    }

    pub fn first_message(&self) -> Option<&str> {
        self.0.values().next().map(String::as_str)
    }

    /// The one message that stands for them all: the first field's, or a general one.
    pub fn summary(&self) -> &str {
        self.first_message().unwrap_or(MSG_CHECK_FIELDS)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&String, &String)> {
        self.0.iter()
    }

    /// `Ok(())` when nothing was recorded, so validators can end with `errors.into_result()?`.
    pub fn into_result(self) -> Result<(), FieldErrors> {
        if self.is_empty() { Ok(()) } else { Err(self) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_first_message_per_field() {
        let mut e = FieldErrors::new();
        e.add("password", "first");
        e.add("password", "second");
        assert_eq!(e.get("password"), Some("first"));
        assert_eq!(e.summary(), "first");
        assert_eq!(FieldErrors::new().summary(), MSG_CHECK_FIELDS);
        assert!(e.into_result().is_err());
        assert!(FieldErrors::new().into_result().is_ok());
    }
}
