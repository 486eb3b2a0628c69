"""Command line entry of the inventory job."""

import sys

from .stock import StockItem, reorder


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    sku, on_hand, batch = argv[0], int(argv[1]), int(argv[2])
    print(reorder(StockItem(sku, on_hand), batch))


if __name__ == "__main__":
    main()
