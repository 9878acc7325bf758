"""Rows to domain values and back (the column layout both SQL backends share)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.domain.model import (
    Challenge,
    ChallengeStatus,
    Claim,
    ColourChoice,
    Ending,
    Game,
    Offer,
    Player,
    Result,
    Status,
    color_from_key,
    color_key,
)
from engine import Color

GAME_COLUMNS = (
    "id", "platform", "channel_id", "variant", "white_id", "white_name", "black_id", "black_name", "status",
    "result", "reason", "start_fen", "fen", "moves", "version", "created_at", "updated_at", "finished_at",
    "rated", "tournament", "strikes_white", "strikes_black", "offer", "offer_by", "reminded", "claim_noted",
    "bot_level", "challenge_id",
)
# Columns an update may change; everything else is fixed at creation.
GAME_MUTABLE = (
    "status", "result", "reason", "fen", "moves", "updated_at", "finished_at", "rated",
    "strikes_white", "strikes_black", "offer", "offer_by", "reminded", "claim_noted",
)
CHALLENGE_COLUMNS = (
    "id", "platform", "channel_id", "challenger_id", "challenger_name", "target_id", "target_name", "variant",
    "colour", "tournament", "status", "created_at", "expires_at", "game_id", "rematch_of",
)
GAME_SELECT = "SELECT " + ", ".join(GAME_COLUMNS) + " FROM games"
CHALLENGE_SELECT = "SELECT " + ", ".join(CHALLENGE_COLUMNS) + " FROM challenges"


def turn_of_fen(fen: str) -> Color:
    """The side to move as stored in a FEN (its first letter)."""
    return Color(fen.split(":", 1)[0].strip().upper()[:1])


def game_from_row(row: Sequence[Any]) -> Game:
    v = dict(zip(GAME_COLUMNS, tuple(row), strict=True))
    return Game(
        id=int(v["id"]), platform=v["platform"], channel_id=v["channel_id"], variant=v["variant"],
        white=Player(v["white_id"], v["white_name"]), black=Player(v["black_id"], v["black_name"]),
        start_fen=v["start_fen"], fen=v["fen"], turn=turn_of_fen(v["fen"]),
        moves=tuple(v["moves"].split()) if v["moves"] else (), status=Status(v["status"]),
        result=Result(v["result"]), ending=Ending(v["reason"]) if v["reason"] else None,
        version=int(v["version"]), created_at=float(v["created_at"]), updated_at=float(v["updated_at"]),
        finished_at=None if v["finished_at"] is None else float(v["finished_at"]), rated=bool(v["rated"]),
        tournament=bool(v["tournament"]), strikes=(int(v["strikes_white"]), int(v["strikes_black"])),
        offer=Offer(v["offer"]) if v["offer"] else None, offer_by=color_from_key(v["offer_by"]),
        reminded=int(v["reminded"]), claim_noted=Claim(v["claim_noted"]) if v["claim_noted"] else None,
        bot_level=v["bot_level"], challenge_id=v["challenge_id"],
    )


def game_values(game: Game) -> tuple[Any, ...]:
    """The values of `GAME_MUTABLE` for an update, in order."""
    values: dict[str, Any] = {
        "status": game.status.value, "result": game.result.value,
        "reason": game.ending.value if game.ending else None, "fen": game.fen, "moves": " ".join(game.moves),
        "updated_at": game.updated_at, "finished_at": game.finished_at, "rated": int(game.rated),
        "strikes_white": game.strikes[0], "strikes_black": game.strikes[1],
        "offer": game.offer.value if game.offer else None,
        "offer_by": color_key(game.offer_by) if game.offer_by else None, "reminded": game.reminded,
        "claim_noted": game.claim_noted.value if game.claim_noted else None,
    }
    return tuple(values[column] for column in GAME_MUTABLE)


def challenge_from_row(row: Sequence[Any]) -> Challenge:
    v = dict(zip(CHALLENGE_COLUMNS, tuple(row), strict=True))
    target = Player(v["target_id"], v["target_name"] or "?") if v["target_id"] else None
    return Challenge(
        id=int(v["id"]), platform=v["platform"], channel_id=v["channel_id"],
        challenger=Player(v["challenger_id"], v["challenger_name"]), target=target, variant=v["variant"],
        colour=ColourChoice(v["colour"]), tournament=bool(v["tournament"]),
        status=ChallengeStatus(v["status"]),
        created_at=float(v["created_at"]), expires_at=float(v["expires_at"]), game_id=v["game_id"],
        rematch_of=v["rematch_of"],
    )
