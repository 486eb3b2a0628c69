import { Cart } from "./cart";

test("total sums quantity times unit price", () => {
  const cart = new Cart();
  cart.add({ sku: "a", quantity: 2, unitPrice: 150 });
  expect(cart.total()).toBe(300);
});
