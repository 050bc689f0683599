//! Unit conversions live in [`kernel::units`]; this path stays for the callers that
//! still name it.

pub use kernel::units::{
    KG_PER_LB, MGDL_PER_MMOL, kg_to_lbs, lbs_to_kg, mgdl_to_mmol, mmol_to_mgdl, round_to,
};
