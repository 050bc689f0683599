//! The reports' rules (the create and email forms' limits and messages), generated from
//! `crates/reports/rules.json`, which the client imports too (`frontend/src/lib/rules.ts`):
//! change them there.

include!(concat!(env!("OUT_DIR"), "/rules.rs"));
