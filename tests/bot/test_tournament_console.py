"""A whole round robin of four through `tammi console` as a process, a conversation piped in: opened,
joined, started, every game ended by a resignation, the next rounds posted when the last game of a round
ends, the winner announced and the final standings shown."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Seeded by the join order (nobody has a rating): round 1 ann-dan, bob-cat; round 2 dan-cat, ann-bob;
# round 3 bob-dan, cat-ann (White first). Black resigns every game: ann and bob 2 points, cat and dan 1;
# the ties are broken by Sonneborn-Berger.
SCRIPT = """\
ann> tournament new round-robin days 2
bob> tournament join
cat> turnaus liity
dan> tournament join
ann> tournament start
dan> resign
cat> resign
cat> resign
bob> resign
dan> resign
ann> resign
ann> tournament standings
"""


def test_a_round_robin_of_four_in_the_console(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items()
           if key not in ("DISCORD_TOKEN", "TELEGRAM_TOKEN", "TAMMI_CONFIG")}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main())", "console", "--db",
         str(tmp_path / "t.sqlite3"), "--no-pictures"], input=SCRIPT, capture_output=True, text=True,
        env=env, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "ann opened Tournament #1: Round robin, English checkers, 2 days a move." in out
    assert "4 players: ann, bob, cat, dan" in out
    for number in (1, 2, 3):
        assert out.count(f"Round {number} of 3:") == 1, number
    assert out.count("resigned") == 6
    assert out.index("Round 2 of 3:") > out.index("cat (Red) resigned. bob (White) wins.")
    assert "Tournament #1 is over." in out and "The winner: ann, with 2 points!" in out
    final = out.split("Final standings after 3 of 3 rounds:")[1]
    rows = [line.split() for line in final.strip().splitlines()[1:5]]
    # SB: ann 1 + 2 = 3, bob 1 + 1 = 2; cat beat ann (2), dan beat cat (1).
    assert [(row[0], row[1], row[2], row[5]) for row in rows] == [
        ("1", "ann", "2", "3"), ("2", "bob", "2", "2"), ("3", "cat", "1", "2"), ("4", "dan", "1", "1")]
