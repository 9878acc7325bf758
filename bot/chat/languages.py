"""The language a reply takes: the channel's setting, else the user's app language, else the default."""

from __future__ import annotations

KEPT = 50_000


class Locales:
    """The users' client languages as their events gave them. A typed Discord message carries none, their
    slash commands do, so the last one given stands in (one language rule holds for both). Kept in this
    process's memory only: a hint, not state, and the user's next command brings it back."""

    def __init__(self) -> None:
        self._known: dict[tuple[str, str], str] = {}

    def note(self, platform: str, user_id: str, given: str | None) -> str | None:
        """The user's language: `given` (remembered), else the last one theirs gave."""
        key = (platform, user_id)
        if given:
            if self._known.get(key) != given:
                if len(self._known) > KEPT:
                    self._known.clear()
                self._known[key] = given[:16]
            return given
        return self._known.get(key)
