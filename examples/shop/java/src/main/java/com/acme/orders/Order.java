package com.acme.orders;

public record Order(String sku, int quantity) {
}
