//! Price rules applied to a cart before checkout.

pub mod rules;

pub use rules::PriceRule;

/// Applies a percentage discount, rounding half up to whole cents.
pub fn apply_discount(cents: u64, percent: u8) -> u64 {
    if percent > 100 {
        panic!("discount above 100 percent");
    }
    let off = (cents * percent as u64 + 50) / 100;
    cents - off
}
