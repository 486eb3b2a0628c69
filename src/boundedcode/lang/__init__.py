"""Per-language tables: file languages, test/prose/example paths, definitions, and the frames,
diagnostics and test ids that command output holds."""
