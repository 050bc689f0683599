//! How much one account's record may hold (issue 33: one subscriber grew the database by
//! half a gigabyte every 14 seconds, committing imports of 100,000 readings one after
//! another). The store counts each account's readings and bytes of notes on every write
//! path, in the write's own transaction, and refuses the write that would pass a bound with
//! [`Full`]; nothing of it is stored. The bounds are far above a real record: ten years of
//! four readings a day is 14,600 readings, and a real note is a few dozen bytes.

/// Readings one account keeps at most.
pub const MAX_READINGS: i64 = 200_000;
/// Bytes of notes (UTF-8) one account keeps at most, all readings together.
pub const MAX_NOTES_BYTES: i64 = 32 << 20;

pub const MSG_READINGS_FULL: &str = "This would take your record past 200,000 readings, the \
     most Vitalog keeps for one account. Nothing was saved. Delete readings you no longer need, \
     or import a shorter period.";
pub const MSG_NOTES_FULL: &str = "This would take the notes of your record past 32 MB in all, \
     the most Vitalog keeps for one account. Nothing was saved. Shorten or delete notes you no \
     longer need.";

/// A write refused because it would take the account past a bound. The store returns it in
/// its `anyhow::Error`; the services answer it as a refusal, not a fault.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Full {
    #[error("{}", MSG_READINGS_FULL)]
    Readings,
    #[error("{}", MSG_NOTES_FULL)]
    Notes,
}

impl Full {
    /// The bound an account holding `readings` readings and `notes_bytes` of notes passes.
    pub fn passed(readings: i64, notes_bytes: i64) -> Option<Full> {
        if readings > MAX_READINGS {
            Some(Full::Readings)
        } else if notes_bytes > MAX_NOTES_BYTES {
            Some(Full::Notes)
        } else {
            None
        }
    }

    /// The refusal in a store's error chain, if that is what it is.
    pub fn of(e: &anyhow::Error) -> Option<Full> {
        e.chain().find_map(|c| c.downcast_ref::<Full>().copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bounds_are_passed_only_beyond_them() {
        assert_eq!(Full::passed(MAX_READINGS, MAX_NOTES_BYTES), None);
        assert_eq!(Full::passed(MAX_READINGS + 1, 0), Some(Full::Readings));
        assert_eq!(Full::passed(1, MAX_NOTES_BYTES + 1), Some(Full::Notes));
    }

    #[test]
    fn a_refusal_is_found_in_a_store_error_chain() {
        let e = anyhow::Error::new(Full::Notes).context("import");
        assert_eq!(Full::of(&e), Some(Full::Notes));
        assert_eq!(Full::of(&anyhow::anyhow!("disk full")), None);
    }
}
