"""What the bot needs to know about its Hub engine: a small frozen value, sent to worker processes."""

from __future__ import annotations

import os
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.config import EngineConfig

HASH_ENTRY_BYTES = 16
"""Bytes of one entry of Scan's transposition table, whose size it takes as a power of two (tt-size)."""


@dataclass(frozen=True)
class HubSettings:
    """The engine's command line and parameters, and the budgets of its searches (seconds)."""

    command: str  # e.g. "/opt/scan/scan hub"
    directory: str | None = None  # where it runs; None: its program's folder (Scan reads scan.ini there)
    variants: tuple[str, ...] = ("international",)
    threads: int | None = None  # None: the engine's own setting
    hash_mb: int | None = None
    book: bool | None = None
    params: tuple[tuple[str, str], ...] = ()  # more parameters, by the engine's own names
    move_time: float = 1.0  # per move of the strongest level
    hint_time: float = 0.5
    review_time: float = 0.1  # per position of a review
    review_nodes: int | None = None  # per position of a review, instead of time (version 2 only)
    margin: float = 3.0  # beyond a search's time before the engine counts as hung
    start_time: float = 30.0  # for starting up (reading its data) before it counts as hung

    def serves(self, variant: str) -> bool:
        return variant in self.variants

    def argv(self) -> list[str]:
        """The command line as the program and its arguments (a program given by a path, with the path
        made absolute: the engine runs in its own folder).

        >>> HubSettings('"/opt/my scan/scan" hub').argv(), HubSettings("dame hub").argv()
        (['/opt/my scan/scan', 'hub'], ['dame', 'hub'])
        """
        program, *arguments = shlex.split(self.command)
        if os.sep in program or program.startswith("~"):
            program = os.path.abspath(os.path.expanduser(program))
        return [program, *arguments]

    def cwd(self) -> str | None:
        """The folder the engine runs in.

        >>> HubSettings("/opt/scan/scan hub").cwd(), HubSettings("dame hub").cwd()
        ('/opt/scan', None)
        """
        if self.directory is not None:
            return os.path.expanduser(self.directory)
        program = self.argv()[0]
        return str(Path(program).parent) if os.sep in program else None


def tt_size(hash_mb: int, low: int, high: int) -> int:
    """Scan's tt-size (log2 of the table's entries) for a table of at most `hash_mb` MiB.

    >>> tt_size(256, 16, 30), tt_size(1, 16, 30), tt_size(100, 16, 30)
    (24, 16, 22)
    """
    entries = hash_mb * 2**20 // HASH_ENTRY_BYTES
    return max(low, min(high, entries.bit_length() - 1))


def hub_settings(config: EngineConfig) -> HubSettings | None:
    """The `[engine]` settings as the workers use them; None when no engine is configured."""
    if config.hub is None:
        return None
    seconds = {name: getattr(config, name).total_seconds() for name in config.durations}
    return HubSettings(config.hub, config.directory, config.variants, config.threads, config.hash_mb,
                       config.book, tuple(sorted(config.params.items())), review_nodes=config.review_nodes,
                       **seconds)
