//! sharing's rules (rules.json, which the client imports too) as Rust constants: see rules-gen.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    rules_gen::generate(&[])
}
