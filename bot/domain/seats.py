"""Which of a player's games in a channel a command means when it names none.

A player has at most one free game per channel, and at most one game of the channel's tournament
besides it. A typed move, or any command about "my game", acts on the game where it is the player's
turn; when it is their turn in both (or in neither), on the tournament game. A game's number picks
another one (`resign 12`, or the buttons, which name their game).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.domain.model import Game


def acting_game(games: Sequence[Game], user_id: str) -> Game | None:
    """The game a player's command means among their active games in a channel."""
    def rank(game: Game) -> tuple[bool, bool, int]:
        return (game.player(game.turn).user_id != user_id, game.tournament_id is None, game.id)

    return min(games, key=rank, default=None)


def free_game(games: Sequence[Game]) -> Game | None:
    """The player's game that is not a tournament's (the one seat that limits challenges)."""
    return next((game for game in games if game.tournament_id is None), None)
