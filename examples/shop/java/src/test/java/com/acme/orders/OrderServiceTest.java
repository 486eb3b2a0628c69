package com.acme.orders;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class OrderServiceTest {
    @Test
    void placeAddsOrder() {
        OrderService service = new OrderService();
        service.place("a", 1);
        assertEquals(1, service.list().size());
    }
}
