export interface LineItem {
  sku: string;
  quantity: number;
  unitPrice: number;
}

export class Cart {
  private items: LineItem[] = [];

  add(item: LineItem): void {
    this.items.push(item);
  }

  total(): number {
    return this.items.reduce((sum, it) => sum + it.quantity * it.unitPrice, 0);
  }
}
