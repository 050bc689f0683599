//! The medications' limits and messages, generated from `crates/medications/rules.json`,
//! which the client imports too (`frontend/src/lib/rules.ts`): change them there.

include!(concat!(env!("OUT_DIR"), "/rules.rs"));
