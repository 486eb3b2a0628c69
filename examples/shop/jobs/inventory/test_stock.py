from .stock import StockItem, reorder


def test_reorder_rounds_up_to_batch():
    assert reorder(StockItem("a", on_hand=1), batch=3) == 6


def test_reorder_nothing_when_stocked():
    assert reorder(StockItem("a", on_hand=9), batch=3) == 0
