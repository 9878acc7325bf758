"""The domain: games and challenges as types, and their pure transitions. No I/O and no texts."""
