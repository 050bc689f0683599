//! Unit conversions at the edges; readings are stored in lbs and mg/dL.

/// 1 lb in kg, exactly (international avoirdupois pound).
pub const KG_PER_LB: f64 = 0.453_592_37;
/// 1 mmol/L of glucose in mg/dL.
pub const MGDL_PER_MMOL: f64 = 18.016;

pub fn lbs_to_kg(lbs: f64) -> f64 {
    lbs * KG_PER_LB
}

pub fn kg_to_lbs(kg: f64) -> f64 {
    kg / KG_PER_LB
}

pub fn mgdl_to_mmol(mgdl: f64) -> f64 {
    mgdl / MGDL_PER_MMOL
}

pub fn mmol_to_mgdl(mmol: f64) -> f64 {
    mmol * MGDL_PER_MMOL
}

/// Rounds to `decimals` places (half away from zero), for display and storage.
pub fn round_to(value: f64, decimals: i32) -> f64 {
    let f = 10f64.powi(decimals);
    (value * f).round() / f
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_without_drift_at_display_precision() {
        for tenth in 500..=5000 {
            let lbs = f64::from(tenth) / 10.0;
            let shown_kg = round_to(lbs_to_kg(lbs), 1);
            // Saving the shown kg and showing it again gives the same kg.
            let again = round_to(lbs_to_kg(kg_to_lbs(shown_kg)), 1);
            assert!((again - shown_kg).abs() < 1e-9, "{lbs} lbs");
        }
        for mgdl in 40..=400 {
            let shown = round_to(mgdl_to_mmol(f64::from(mgdl)), 1);
            let again = round_to(mgdl_to_mmol(mmol_to_mgdl(shown)), 1);
            assert!((again - shown).abs() < 1e-9, "{mgdl} mg/dL");
        }
    }

    #[test]
    fn known_values() {
        assert!((lbs_to_kg(100.0) - 45.359_237).abs() < 1e-9);
        assert!((kg_to_lbs(70.0) - 154.323_583_5).abs() < 1e-6);
        assert!((mmol_to_mgdl(5.5) - 99.088).abs() < 1e-9);
        assert!((mgdl_to_mmol(180.16) - 10.0).abs() < 1e-9);
        assert_eq!(round_to(2.25, 1), 2.3);
        assert_eq!(round_to(99.088, 0), 99.0);
    }
}
