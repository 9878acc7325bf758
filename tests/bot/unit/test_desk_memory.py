"""What the desk keeps between moves stays small (issue 21 item 28): a game played move after move
through the desk holds about what its own moves and positions weigh, not the legal-move lists of every
position it passed through."""

from __future__ import annotations

import gc
import random
import tracemalloc
from typing import TYPE_CHECKING

from bot.domain.model import NewGame, Player
from bot.flows.desk import Asker
from bot.flows.play import Played, play
from engine import Board

if TYPE_CHECKING:
    from tests.bot.unit.conftest import World

GAMES, PLIES = 12, 80


async def _play_games(w: World) -> list[Board]:
    """GAMES International games of PLIES random plies each, every move played through the desk; the
    boards as they stand at the end (kept outside the desk, so both sides hold the same positions)."""
    rng = random.Random(5)
    ends = []
    for index in range(GAMES):
        white, black = Player(f"w{index}", "W"), Player(f"b{index}", "B")  # White moves first here
        board = Board("international")
        seated = (white.user_id, black.user_id)
        game = await w.repo.create_game(NewGame("test", f"c{index}", "international", white, black,
                                                board.fen(), board.turn, w.now, seated))
        for _ in range(PLIES):
            if board.is_game_over():
                break
            move = rng.choice(list(board.legal_moves))
            mover = game.player(board.turn)
            done = await play(w.desk, Asker("test", f"c{index}", mover.user_id), game.id, str(move))
            assert isinstance(done, Played), done
            board.push(move)
        ends.append(board.copy(caches=False))
    return ends


def _held(snapshot: tracemalloc.Snapshot, since: tracemalloc.Snapshot) -> int:
    return sum(stat.size_diff for stat in snapshot.compare_to(since, "filename"))


async def test_the_desk_keeps_its_games_lean(w: World) -> None:
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        ends = await _play_games(w)
        gc.collect()
        with_desk = tracemalloc.take_snapshot()
        w.desk._kept.clear()  # what the desk alone holds: its kept games and boards
        gc.collect()
        without = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
    kept = _held(with_desk, without)
    own = _held(without, before)  # the test's own lean boards, the repository's rows and the rest
    assert ends and kept > 0
    # The desk holds little more than a lean copy of each board and its game (measured: 0.55 times
    # what the rest holds; with the legal moves of every position kept, 1.3 times).
    assert kept < own, (kept, own)
