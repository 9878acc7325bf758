"""Which game a command means when a player has a tournament game and a free game in one channel."""

from __future__ import annotations

from dataclasses import replace

from bot.domain.model import Game, Player
from bot.domain.seats import acting_game, free_game
from engine import Color

ANN, BOB, CAT = Player("ann", "ann"), Player("bob", "bob"), Player("cat", "cat")
# ann plays White against bob in a free game, Black against cat in tournament 7.
FREE = Game(1, "test", "c1", "english", ANN, BOB, "", "", Color.WHITE)
TOURNAMENT = Game(2, "test", "c1", "english", CAT, ANN, "", "", Color.WHITE, tournament_id=7)


def test_the_game_where_it_is_the_players_turn() -> None:
    assert acting_game([TOURNAMENT, FREE], "ann") == FREE  # her turn there only
    theirs = replace(FREE, turn=Color.BLACK)
    mine = replace(TOURNAMENT, turn=Color.BLACK)
    assert acting_game([theirs, mine], "ann") == mine


def test_the_tournament_game_when_both_or_neither_are_the_players_turn() -> None:
    both = [FREE, replace(TOURNAMENT, turn=Color.BLACK)]
    assert acting_game(both, "ann") == both[1]
    neither = [replace(FREE, turn=Color.BLACK), TOURNAMENT]
    assert acting_game(neither, "ann") == TOURNAMENT
    assert acting_game([], "ann") is None and acting_game([FREE], "ann") == FREE


def test_the_free_game_is_the_one_outside_the_tournament() -> None:
    assert free_game([TOURNAMENT, FREE]) == FREE
    assert free_game([TOURNAMENT]) is None
