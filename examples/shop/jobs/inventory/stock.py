"""Stock levels and reordering for the warehouse job."""

from dataclasses import dataclass

REORDER_THRESHOLD = 5


@dataclass
class StockItem:
    sku: str
    on_hand: int
    reserved: int = 0

    @property
    def available(self) -> int:
        return self.on_hand - self.reserved


def reorder(item: StockItem, batch: int) -> int:
    """Units to order so that the available stock reaches the threshold again."""
    if batch <= 0:
        raise ValueError("reorder batch size must be positive")
    missing = REORDER_THRESHOLD - item.available
    if missing <= 0:
        return 0
    return ((missing + batch - 1) // batch) * batch
