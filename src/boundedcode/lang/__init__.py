"""Per-language tables: file languages, test/prose/example paths, definitions."""
