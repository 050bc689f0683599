//! The messages every context says alike (a date it could not read, an address that is not
//! one, a refused recording…) and the shared limits, generated from `crates/kernel/rules.json`,
//! which the client imports too (`frontend/src/lib/rules.ts`): change them there.

include!(concat!(env!("OUT_DIR"), "/rules.rs"));
