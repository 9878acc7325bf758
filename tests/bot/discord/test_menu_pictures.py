"""The README's pictures of moving with the menus on Discord (docs/menus/) show what the service sends
today: their menus' placeholders and options, drawn by the Discord adapter's own menu code."""

from __future__ import annotations

import importlib.util
from pathlib import Path

DOCS = Path(__file__).resolve().parents[3] / "docs" / "menus"


async def test_the_readme_steps_are_what_the_menus_show(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("docs_menus_draw", DOCS / "draw.py")
    assert spec is not None and spec.loader is not None
    draw = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(draw)
    steps = await draw.play_steps(str(tmp_path), pictures=False)
    shown = (DOCS / "steps.txt").read_text(encoding="utf-8")
    assert draw.text_of(steps) == shown, "run .venv/bin/python docs/menus/draw.py to draw the pictures again"
    assert sorted(path.name for path in DOCS.glob("step-*.png")) == [f"step-{n}.png" for n in range(1, 7)]
    assert [reply.private for _, reply, _, _ in steps] == [alone for _, _, _, alone in steps]
    assert [alone for _, _, _, alone in steps].count(True) == 1  # the piece's moves, to the chooser alone
