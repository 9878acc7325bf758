"""The English 3-move ballots shipped with the package (bot/domain/data/ballots_english.tsv)."""

from __future__ import annotations

import random

from bot.domain import ballots
from engine import Board, Color


def test_every_ballot_replays_to_the_position_the_file_gives() -> None:
    every = [ballots.ballot(number) for number in range(1, 175)]
    assert sum(1 for found in every if found.barred) == 17
    for found in every:
        board = Board("english")
        for move in found.moves:
            board.push(board.parse_move(move))
        assert board.fen() == Board("english", fen=found.fen).fen(), found
        assert board.turn is Color.WHITE  # Red, then White, then Red: White moves next


def test_the_deck_leaves_out_barred_openings() -> None:
    assert len(ballots.deck()) == 157
    assert all(not found.barred for found in ballots.deck())
    assert 3 not in {found.number for found in ballots.deck()}  # 9-13 21-17 10-14 is barred


def test_a_draw_takes_a_ballot_not_used_yet_until_the_deck_is_spent() -> None:
    rng = random.Random(5)
    used: set[int] = set()
    for _ in range(157):
        drawn = ballots.draw(rng, used)
        assert drawn.number not in used
        used.add(drawn.number)
    assert ballots.draw(rng, used).number in used  # every ballot drawn: the whole deck again
