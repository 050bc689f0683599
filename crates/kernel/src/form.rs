//! What a form (or a file's cell read as one) sends, before any rule is applied.

/// One number field as sent: left empty, a number, or something that is not a number.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum NumberField {
    Empty,
    Number(f64),
    NotANumber,
}

impl NumberField {
    /// The number converted (to the stored unit, say); an empty or unreadable field stays
    /// as it is.
    pub fn map(self, f: impl Fn(f64) -> f64) -> Self {
        match self {
            Self::Number(v) => Self::Number(f(v)),
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::NumberField::*;

    #[test]
    fn only_a_number_is_converted() {
        let double = |v: f64| v * 2.0;
        assert_eq!(Number(2.5).map(double), Number(5.0));
        assert_eq!(Empty.map(double), Empty);
        assert_eq!(NotANumber.map(double), NotANumber);
    }
}
