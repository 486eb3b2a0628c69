CREATE TABLE orders (
    id SERIAL PRIMARY KEY,
    sku TEXT NOT NULL,
    quantity INTEGER NOT NULL CHECK (quantity > 0)
);
