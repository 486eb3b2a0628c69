/// A rule that changes the price of matching items.
#[derive(Debug, Clone)]
pub struct PriceRule {
    pub sku_prefix: String,
    pub percent: u8,
}

impl PriceRule {
    pub fn matches(&self, sku: &str) -> bool {
        sku.starts_with(&self.sku_prefix)
    }
}
