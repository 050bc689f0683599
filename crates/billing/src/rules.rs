//! The plan (price, currency, length) and the payment messages, generated from
//! `crates/billing/rules.json`, which the client imports too (`frontend/src/lib/subscription.ts`):
//! change them there.

include!(concat!(env!("OUT_DIR"), "/rules.rs"));
