package com.acme.orders;

import java.util.ArrayList;
import java.util.List;

public class OrderService {
    private final List<Order> orders = new ArrayList<>();

    public Order place(String sku, int quantity) {
        if (quantity <= 0) {
            throw new IllegalArgumentException("quantity must be positive");
        }
        Order order = new Order(sku, quantity);
        orders.add(order);
        return order;
    }

    public List<Order> list() {
        return new ArrayList<>(orders);
    }
}
