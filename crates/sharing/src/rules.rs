//! The sharing rules (the create form's limits and messages, what a link's visitor is told),
//! generated from `crates/sharing/rules.json`, which the client imports too
//! (`frontend/src/lib/rules.ts`): change them there.

include!(concat!(env!("OUT_DIR"), "/rules.rs"));
