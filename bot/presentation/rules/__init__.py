"""Data files of the rules help: `en.toml` and `fi.toml` (the texts), `vocabulary.toml` (question words)."""
