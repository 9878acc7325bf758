"""What both SQL backends share: the column layout, rows to domain values and back, the statements
(written with `?` placeholders) and the migration scripts."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from importlib import resources
from typing import Any

from bot.domain.glicko import Rating
from bot.domain.model import (
    Challenge,
    ChallengeStatus,
    ChannelSettings,
    Claim,
    ColourChoice,
    Damage,
    Damaged,
    Ending,
    Game,
    NewChallenge,
    NewGame,
    Offer,
    Player,
    RatingChange,
    Result,
    Status,
    color_from_key,
    color_key,
)
from bot.storage.repository import RatingRule, Unreadable
from engine import Color

GAME_COLUMNS = (
    "id", "platform", "channel_id", "variant", "white_id", "white_name", "black_id", "black_name", "status",
    "result", "reason", "start_fen", "fen", "moves", "version", "created_at", "updated_at", "finished_at",
    "rated", "tournament", "strikes_white", "strikes_black", "offer", "offer_by", "reminded", "claim_noted",
    "bot_level", "challenge_id", "set_aside", "tournament_id",
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


def migrations(backend: str) -> list[str]:
    """The migration scripts of a backend ("sqlite" or "postgres"), in order (file names start with their
    number)."""
    folder = resources.files("bot.storage").joinpath("migrations", backend)
    names = sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".sql"))
    return [folder.joinpath(name).read_text(encoding="utf-8") for name in names]


def turn_of_fen(fen: str) -> Color:
    """The side to move as stored in a FEN (its first letter)."""
    return Color(fen.split(":", 1)[0].strip().upper()[:1])


def game_from_row(row: Sequence[Any]) -> Game:
    """The game a row of `GAME_SELECT` holds; raises `Unreadable` for a row that cannot be read back or
    was set aside."""
    v = dict(zip(GAME_COLUMNS, tuple(row), strict=True))
    if v["set_aside"]:
        damage, _, detail = str(v["set_aside"]).partition(": ")
        raise Unreadable(damaged(v, Damage(damage) if damage in Damage._value2member_map_ else Damage.RECORD,
                                 detail))
    try:
        turn = turn_of_fen(v["fen"])
    except (ValueError, TypeError, AttributeError) as error:
        raise Unreadable(damaged(v, Damage.POSITION, f"{type(error).__name__}: {error}")) from None
    try:
        return _game(v, turn)
    except (ValueError, TypeError, AttributeError) as error:
        raise Unreadable(damaged(v, Damage.RECORD, f"{type(error).__name__}: {error}")) from None


def _game(v: dict[str, Any], turn: Color) -> Game:
    return Game(
        id=int(v["id"]), platform=v["platform"], channel_id=v["channel_id"], variant=v["variant"],
        white=Player(v["white_id"], v["white_name"]), black=Player(v["black_id"], v["black_name"]),
        start_fen=v["start_fen"], fen=v["fen"], turn=turn,
        moves=tuple(v["moves"].split()) if v["moves"] else (), status=Status(v["status"]),
        result=Result(v["result"]), ending=Ending(v["reason"]) if v["reason"] else None,
        version=int(v["version"]), created_at=float(v["created_at"]), updated_at=float(v["updated_at"]),
        finished_at=None if v["finished_at"] is None else float(v["finished_at"]), rated=bool(v["rated"]),
        tournament=bool(v["tournament"]), strikes=(int(v["strikes_white"]), int(v["strikes_black"])),
        offer=Offer(v["offer"]) if v["offer"] else None, offer_by=color_from_key(v["offer_by"]),
        reminded=int(v["reminded"]), claim_noted=Claim(v["claim_noted"]) if v["claim_noted"] else None,
        bot_level=v["bot_level"], challenge_id=v["challenge_id"],
        tournament_id=None if v["tournament_id"] is None else int(v["tournament_id"]),
    )


def damaged(v: dict[str, Any], damage: Damage, detail: str) -> Damaged:
    """What is known of the game in a row that cannot be read back (every field taken as text)."""

    def text(column: str) -> str:
        return "" if v[column] is None else str(v[column])

    return Damaged(int(v["id"]), text("platform"), text("channel_id"),
                   Player(text("white_id"), text("white_name")), Player(text("black_id"), text("black_name")),
                   text("variant"), text("start_fen"), text("fen"), text("moves"), damage, detail[:300],
                   active=v["status"] == Status.ACTIVE.value)


def set_aside_note(damaged: Damaged) -> str:
    """What the `set_aside` column keeps of a damaged game: "<part>: <error>"."""
    return f"{damaged.damage.value}: {damaged.detail}"[:400]


def readable(row: Sequence[Any]) -> Game | Damaged:
    """The game a row holds, or what is known of it when it cannot be read back."""
    try:
        return game_from_row(row)
    except Unreadable as error:
        return error.damaged


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


# -- statements both backends run, written with `?` placeholders (PostgreSQL numbers them) ---------

GAME_UPDATE = (
    "UPDATE games SET " + ", ".join(f"{column} = ?" for column in GAME_MUTABLE)
    + ", version = version + 1 WHERE id = ? AND version = ? AND status = 'active' AND set_aside IS NULL"
)
GAME_INSERT = (
    "INSERT INTO games (platform, channel_id, variant, white_id, white_name, black_id, black_name,"
    " start_fen, fen, moves, created_at, updated_at, rated, tournament, bot_level, challenge_id,"
    " tournament_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
# A seat's slot: 0 for a free game, a tournament's id for its games (one of each per person and channel).
SEAT_TAKEN = "SELECT 1 FROM seats WHERE platform = ? AND channel_id = ? AND user_id = ? AND slot = ?"
SEAT_INSERT = "INSERT INTO seats (platform, channel_id, user_id, slot, game_id) VALUES (?, ?, ?, ?, ?)"
SEATS_FREE = "DELETE FROM seats WHERE game_id = ?"
REMINDED_UPDATE = ("UPDATE games SET reminded = ? WHERE id = ? AND version = ? AND status = 'active'"
                   " AND set_aside IS NULL")
SET_ASIDE = "UPDATE games SET set_aside = ? WHERE id = ? AND set_aside IS NULL"
END_SET_ASIDE = ("UPDATE games SET status = 'finished', rated = 0, finished_at = ?"
                 " WHERE id = ? AND status = 'active' AND set_aside IS NOT NULL")
RATING_KEY = "platform = ? AND channel_id = ? AND variant = ? AND user_id = ?"
RATING_SELECT = "SELECT rating, deviation, volatility, rated_at FROM ratings WHERE " + RATING_KEY
RATING_INSERT = ("INSERT INTO ratings (platform, channel_id, variant, user_id, name, rating, deviation,"
                 " volatility) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
RATING_UPDATE = (
    "UPDATE ratings SET name = ?, rating = ?, deviation = ?, volatility = ?, rated_at = ?, games = games + 1,"
    " wins = wins + ?, losses = losses + ?, draws = draws + ? WHERE " + RATING_KEY
)
CHALLENGE_PENDING = (
    "SELECT id FROM challenges WHERE platform = ? AND channel_id = ? AND challenger_id = ?"
    " AND status = 'open' AND expires_at > ?"
)
CHALLENGE_INSERT = (
    "INSERT INTO challenges (platform, channel_id, challenger_id, challenger_name, target_id,"
    " target_name, variant, colour, tournament, created_at, expires_at, rematch_of)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
CHALLENGE_CLOSE = "UPDATE challenges SET status = ? WHERE id = ? AND status = 'open'"
CHALLENGE_TAKE = "UPDATE challenges SET status = 'accepted' WHERE id = ? AND status = 'open'"
CHALLENGE_GAME = "UPDATE challenges SET game_id = ? WHERE id = ?"
SETTINGS_UPSERT = (
    "INSERT INTO channel_settings"
    " (platform, channel_id, language, variant, board, tournaments, live, threads)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (platform, channel_id) DO UPDATE SET"
    " language = COALESCE(excluded.language, channel_settings.language),"
    " variant = COALESCE(excluded.variant, channel_settings.variant),"
    " board = COALESCE(excluded.board, channel_settings.board),"
    " tournaments = COALESCE(excluded.tournaments, channel_settings.tournaments),"
    " live = COALESCE(excluded.live, channel_settings.live),"
    " threads = COALESCE(excluded.threads, channel_settings.threads)"
)


def settings_values(platform: str, channel_id: str,
                    settings: ChannelSettings) -> tuple[str | int | None, ...]:
    """The values of `SETTINGS_UPSERT`, in order (None keeps what is stored)."""
    board, openers = settings.board, settings.tournaments
    return (platform, channel_id, settings.language, settings.variant, board and board.value,
            openers and openers.value, _flag(settings.live), _flag(settings.threads))


def _flag(value: bool | None) -> int | None:
    return None if value is None else int(value)


NAME_UPSERT = (
    "INSERT INTO names (platform, channel_id, user_id, name, exact_key, look_key, seen_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (platform, channel_id, user_id) DO UPDATE SET"
    " name = excluded.name, exact_key = excluded.exact_key, look_key = excluded.look_key,"
    " seen_at = excluded.seen_at"
)
REVIEW_UPSERT = (
    "INSERT INTO reviews (game_id, plies, data, created_at) VALUES (?, ?, ?, ?)"
    " ON CONFLICT (game_id) DO UPDATE SET plies = excluded.plies, data = excluded.data,"
    " created_at = excluded.created_at"
)
HINT_INSERT = (
    "INSERT INTO hints (game_id, ply, user_id, move, created_at) VALUES (?, ?, ?, ?, ?)"
    " ON CONFLICT (game_id, ply) DO NOTHING"
)
HANDLE_DROP = "DELETE FROM handles WHERE platform = ? AND user_id = ? AND handle <> ?"
HANDLE_UPSERT = (
    "INSERT INTO handles (platform, handle, user_id, name, seen_at) VALUES (?, ?, ?, ?, ?)"
    " ON CONFLICT (platform, handle) DO UPDATE SET user_id = excluded.user_id,"
    " name = excluded.name, seen_at = excluded.seen_at"
)


def new_game_values(new: NewGame) -> tuple[Any, ...]:
    """The values of `GAME_INSERT`, in order."""
    return (new.platform, new.channel_id, new.variant, new.white.user_id, new.white.name, new.black.user_id,
            new.black.name, new.start_fen, new.fen or new.start_fen, " ".join(new.moves), new.created_at,
            new.created_at, int(new.rated), int(new.tournament), new.bot_level, new.challenge_id,
            new.tournament_id)


def seat_key(new: NewGame, user_id: str) -> tuple[str, str, str, int]:
    """The seat a new game's player takes: platform, channel, user and slot (`SEAT_TAKEN`'s values)."""
    return (new.platform, new.channel_id, user_id, new.tournament_id or 0)


def new_challenge_values(new: NewChallenge) -> tuple[Any, ...]:
    """The values of `CHALLENGE_INSERT`, in order."""
    target = new.target
    return (new.platform, new.channel_id, new.challenger.user_id, new.challenger.name,
            target.user_id if target else None, target.name if target else None, new.variant,
            new.colour.value, int(new.tournament), new.created_at, new.expires_at, new.rematch_of)


def rating_key(game: Game, color: Color) -> tuple[str, str, str, str]:
    """The key of a player's rating row for a game: platform, channel, variant, user."""
    return (game.platform, game.channel_id, game.variant, game.player(color).user_id)


def rating_standing(row: Iterable[Any] | None) -> Rating | None:
    """A `RATING_SELECT` row as a rating (None for no row)."""
    if row is None:
        return None
    rating, deviation, volatility, at = row
    return Rating(float(rating), float(deviation), float(volatility), None if at is None else float(at))


def rated(rule: RatingRule, result: Result, at: float, white: Rating, black: Rating) -> tuple[Rating, Rating]:
    """Both players' ratings after a game with `result` that ended at `at`, from both before it: the one
    computation a game's end and the rebuild from stored games share."""
    return (rule.update(white, black, result.score(Color.WHITE), at),
            rule.update(black, white, result.score(Color.BLACK), at))


def rating_changes(rule: RatingRule, game: Game, white: Rating,
                   black: Rating) -> tuple[RatingChange, RatingChange]:
    """Both players' ratings before and after a finished rated game (White's first), given each one's
    rating before it: computed once, here, so nothing needs to be read back or inverted.

    >>> from bot.domain.ratings import Glicko2
    >>> game = Game(1, "t", "c", "english", Player("a", "A"), Player("b", "B"), "", "", Color.WHITE,
    ...             result=Result.WHITE_WINS, finished_at=10.0)
    >>> [(c.user_id, round(c.before.rating), round(c.after.rating), c.after.at)
    ...  for c in rating_changes(Glicko2(), game, Glicko2.initial, Glicko2.initial)]
    [('a', 1500, 1662, 10.0), ('b', 1500, 1338, 10.0)]
    """
    at = game.finished_at if game.finished_at is not None else game.updated_at
    after = rated(rule, game.result, at, white, black)
    return (RatingChange(game.white.user_id, white, after[0]),
            RatingChange(game.black.user_id, black, after[1]))


def rating_updates(game: Game, changes: tuple[RatingChange, RatingChange]) -> list[tuple[Any, ...]]:
    """The values of `RATING_UPDATE` for both players of a finished rated game, from `rating_changes`."""
    updates = []
    for color, change in zip((Color.WHITE, Color.BLACK), changes, strict=True):
        score, new = game.result.score(color), change.after
        updates.append((game.player(color).name, new.rating, new.deviation, new.volatility, new.at,
                        int(score == 1.0), int(score == 0.0), int(score == 0.5), *rating_key(game, color)))
    return updates


def channel_move(platform: str, old: str, new: str) -> list[tuple[str, tuple[str, ...]]]:
    """The statements (`?` placeholders) that move a channel's rows to its new id, in order; the first
    one's count is the number of games moved. Where both ids have a seat, rating (of the same variant),
    known name or settings row, or a current tournament, the new id's stays.

    >>> [sql.split()[0] for sql, _ in channel_move("telegram", "-1", "-100")][:4]
    ['UPDATE', 'UPDATE', 'DELETE', 'UPDATE']
    """
    move = " SET channel_id = ? WHERE platform = ? AND channel_id = ?"
    statements: list[tuple[str, tuple[str, ...]]] = [("UPDATE games" + move, (new, platform, old)),
                                                     ("UPDATE challenges" + move, (new, platform, old))]
    for table, key in (("seats", "user_id, slot"), ("ratings", "user_id, variant"), ("names", "user_id"),
                       ("channel_settings", None), ("puzzle_progress", "user_id, variant"),
                       ("daily_puzzles", None)):
        inner = f"FROM {table} WHERE platform = ? AND channel_id = ?"
        clash = f" AND ({key}) IN (SELECT {key} {inner})" if key else f" AND EXISTS (SELECT 1 {inner})"
        statements.append((f"DELETE FROM {table} WHERE platform = ? AND channel_id = ?" + clash,
                           (platform, old, platform, new)))
        statements.append((f"UPDATE {table}" + move, (new, platform, old)))
    # Tournaments go too, but for a current one when the new id has a current one of its own.
    current = "status IN ('open', 'running')"
    statements.append(("UPDATE tournaments" + move + f" AND NOT ({current} AND EXISTS (SELECT 1 FROM"
                       f" tournaments AS there WHERE there.platform = ? AND there.channel_id = ? AND"
                       f" there.{current}))", (new, platform, old, platform, new)))
    # Puzzles shown, but for an open one when the new id has an open one of its own.
    statements.append(("UPDATE puzzles_shown" + move + " AND NOT (ended_at IS NULL AND EXISTS (SELECT 1"
                       " FROM puzzles_shown AS there WHERE there.platform = ? AND there.channel_id = ? AND"
                       " there.ended_at IS NULL))", (new, platform, old, platform, new)))
    return statements
