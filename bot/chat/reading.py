"""Reading an event once: its button, its command and words, or its plain text, as one typed command.

Nothing here reads storage: names stay words until a flow looks them up, and a game named by no id is
found by the flow that acts on it. Words that cannot be read raise `Refusal`, and so does a command that
needs a player posted on behalf of a chat; None means the event is chat to ignore.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.chat import grammar as words
from bot.chat import notifying, puzzles, typed
from bot.chat.daily import DailyWords
from bot.chat.events import Event
from bot.chat.tournament_reading import read as read_tournament
from bot.domain.model import ColourChoice, Openers, Orientation
from bot.domain.names import clean
from bot.domain.transitions import Refusal
from bot.presentation import catalogue, taps
from bot.presentation.messages import Action

Args = tuple[str, ...]
BUMP_WORDS = catalogue.all_words("words-command-bump")
FOR_ANYONE = (typed.Help, typed.Rules, typed.Question, typed.NotUnderstood, typed.Leaderboard, typed.Settings)
"""The commands that need no player: all a message posted on behalf of a chat may give."""


def read(event: Event, platform: str) -> typed.Command | None:
    """The command an event gives (None for chat to ignore)."""
    command = _read(event, platform)
    return for_a_chat(command) if event.on_behalf_of_chat else command


def for_a_chat(command: typed.Command | None) -> typed.Command | None:
    """A command posted on behalf of a chat (a channel, an anonymous admin), which is nobody: one that
    needs no player, else refused (a move-shaped word in plain group chat stays chat)."""
    if command is None or isinstance(command, FOR_ANYONE):
        return command
    if isinstance(command, typed.MoveAttempt) and command.quiet:
        return None
    raise Refusal("chat_post_not_player")


def _read(event: Event, platform: str) -> typed.Command | None:
    if event.button:
        if (key := taps.read(event.button)) is not None:
            return typed.Tap(key.game_id, key.version, key.squares)
        return press(event.button, event.text)
    if event.command:
        name = words.resolve_command(event.command.lstrip("/"))
        if name is None:
            raise Refusal("not_understood")
        args = tuple(clean(arg, 400) for arg in event.args)
        if sum(len(arg) for arg in args) > words.MAX_TEXT:
            raise Refusal("too_long")
        return command(name, tuple(arg for arg in args if arg))
    return text(event, bare=platform == "console" or event.addressed or event.is_private_chat)


def press(button: str, choice: str = "") -> typed.Command:
    """A button id `<action>:<id>` as a press; a menu's `<action>:<game>:<ply>` with its `choice` as the
    move it plays or the piece whose moves it shows."""
    action, _, rest = button.partition(":")
    number, _, ply = rest.partition(":")
    if action not in Action._value2member_map_ or not number.isdecimal() or len(number) > 18:
        raise Refusal("unknown_button")
    if Action(action) not in (Action.PICK, Action.PIECE, Action.TRY_PUZZLE):
        if ply:
            raise Refusal("unknown_button")
        return typed.Press(Action(action), int(number))
    if not ply.isdecimal() or len(ply) > 6:
        raise Refusal("unknown_button")
    if Action(action) is Action.TRY_PUZZLE:
        return typed.TryPuzzle(int(number), int(ply))
    if Action(action) is Action.PICK:
        return typed.PlayMove(clean(choice, 200), int(number), ply=int(ply))
    square = choice.strip()
    if not square.isdecimal() or len(square) > 3:
        raise Refusal("unknown_button")
    return typed.PickPiece(int(number), int(ply), int(square))


def text(event: Event, *, bare: bool) -> typed.Command | None:
    """A plain message: a command written as text, a move, a question, or chat to ignore. `bare`: the
    message is clearly for the bot (the console, a private chat, a mention or a reply to the bot)."""
    raw = event.text or ""
    if len(raw) > words.MAX_TEXT:
        head = clean(raw[:200])
        if words.find_command(head, bare=bare) or (event.addressed and not event.only_replied):
            raise Refusal("too_long")
        return None
    cleaned = clean(raw)
    if not cleaned:
        return None
    found = words.find_command(cleaned, bare=bare)
    if found is not None:
        if found.command == "?":
            raise Refusal("not_understood")
        return command(found.command, found.args)
    move = words.find_move(cleaned)
    if move is not None:
        return typed.PlayMove(move.text, offer_draw=move.offer_draw, claim_draw=move.claim_draw,
                              quiet=not bare)
    if words.move_attempt(cleaned):
        return typed.MoveAttempt(cleaned, quiet=not bare)
    if not bare:
        return None
    if "?" in cleaned or (event.addressed and not event.only_replied):
        return typed.Question(cleaned, quiet=event.only_replied)
    return None if event.only_replied else typed.NotUnderstood()


def command(name: str, args: Args) -> typed.Command:
    """Command `name` with its words."""
    if name == "board" and any(arg.casefold() in words.TEXT_WORDS for arg in args):
        return typed.BoardText(words.typed_id(args))
    if name == "board" and any(arg.casefold() in BUMP_WORDS for arg in args):  # `/tammi board bump:`
        return typed.GameCommand(typed.OnGame.BUMP, words.typed_id(args))
    if name in typed.OnGame._value2member_map_:
        return typed.GameCommand(typed.OnGame(name), words.typed_id(args))
    if name == "settings" and (split := notifying.within_settings(args)) is not None:
        before, after = split  # `settings [fi] notify on`: the person's pings, with channel settings
        return notifying.Notify(notifying.read(after).on, _settings(before) if before else None)
    return _READERS[name](args)


def _challenge(args: Args) -> typed.Challenge:
    colour, tournament, anyone = ColourChoice.RANDOM, False, False
    variant: str | None = None
    names: list[str] = []
    for arg in args:
        word = arg.casefold()
        if word in words.COLOUR_WORDS:
            colour = ColourChoice(words.COLOUR_WORDS[word])
        elif word in words.TOURNAMENT_WORDS:
            tournament = True
        elif word in words.OPEN_WORDS:
            anyone = True
        elif not word.startswith("@") and (named := words.variant_name(word)):
            variant = named
        else:
            names.append(arg)
    return typed.Challenge(tuple(names), variant, colour, tournament, anyone)


def _play(args: Args) -> typed.PlayBot:
    """`play [level] [variant] [colour]`; a level out of range is refused by the handler, which knows
    the highest."""
    level: int | None = None
    variant: str | None = None
    colour = ColourChoice.RANDOM
    for arg in args:
        word = arg.casefold()
        if word.isdecimal():
            level = int(word) if len(word) < 4 else 0
        elif word in words.COLOUR_WORDS:
            colour = ColourChoice(words.COLOUR_WORDS[word])
        elif named := words.variant_name(word):
            variant = named
        else:
            raise Refusal("unknown_variant", name=arg[:40])
    return typed.PlayBot(level, variant, colour)


def _move(args: Args) -> typed.Command:
    """`move [#game] <move>`: in the game named first (a platform's move dialog names it)."""
    game_id = words.typed_id(args[:1]) if args and args[0].startswith("#") else None
    if game_id is not None:
        args = args[1:]
    if not args:
        return typed.MoveDialog(game_id)
    said = " ".join(args)
    move = words.find_move(said)
    if move is None:  # the engine explains what is wrong with it
        return typed.PlayMove(said[:200], game_id)
    return typed.PlayMove(move.text, game_id, offer_draw=move.offer_draw, claim_draw=move.claim_draw)


def _answer(args: Args) -> typed.Answer | None:
    word = args[0].casefold() if args else ""
    if word in words.ACCEPT_WORDS:
        return typed.Answer.ACCEPT
    if word in words.DECLINE_WORDS:
        return typed.Answer.DECLINE
    return typed.Answer.ASK if word else None


def _draw(args: Args) -> typed.Draw:
    move = words.find_move(" ".join(args)) if args else None
    if move is not None:
        return typed.Draw(move=typed.PlayMove(move.text, offer_draw=True))
    return typed.Draw(_answer(args) or typed.Answer.ASK)


def _games(args: Args) -> typed.Games:
    return typed.Games(next((int(arg) for arg in args if arg.isdecimal() and len(arg) < 6), 1))


def _settings(args: Args) -> typed.Settings:
    language: str | None = None
    variant: str | None = None
    board: Orientation | None = None
    openers: Openers | None = None
    after_board = False  # the word before was `board`: this one says which way
    after_tournaments = False  # the word before was `tournaments`: this one says who opens them
    switches: dict[str, bool] = {}  # `live on`, `threads off`
    switch: str | None = None  # the word before was `live` or `threads`: this one says on or off
    daily = DailyWords()  # `puzzle daily 09:00`, `puzzle off`
    for arg in args:
        word = arg.casefold()
        if switch is not None:
            switches[switch] = _switched(switch, word)
            switch = None
            continue
        if not after_board and not after_tournaments and daily.take(word):
            continue
        if word in SWITCH_WORDS:
            switch = SWITCH_WORDS[word]
            continue
        if word in words.ORIENTATION_WORDS:
            board = words.ORIENTATION_WORDS[word]
        elif after_board:
            raise Refusal("settings_board_usage")
        elif word in words.OPENER_WORDS:
            openers = words.OPENER_WORDS[word]
        elif after_tournaments:
            raise Refusal("settings_tournaments_usage")
        elif word in words.LANGUAGE_WORDS:
            language = words.LANGUAGE_WORDS[word]
        elif named := words.variant_name(word):
            variant = named
        elif word not in words.SETTING_WORDS:
            raise Refusal("settings_bad_language")
        after_board = word in words.BOARD_SETTING_WORDS
        after_tournaments = word in words.TOURNAMENT_SETTING_WORDS
    if after_board:
        raise Refusal("settings_board_usage")
    if after_tournaments:
        raise Refusal("settings_tournaments_usage")
    if switch is not None:
        raise Refusal(f"settings_{switch}_usage")
    return typed.Settings(language, variant, board, openers, switches.get("live"), switches.get("threads"),
                          daily.choice())


SWITCH_WORDS = {word: name for name in ("live", "threads")
                for word in catalogue.all_words(f"words-settings-{name}")}
"""`settings live on|off`, `settings threads on|off`: the words of each switch."""


def _switched(switch: str, word: str) -> bool:
    if word in notifying.ON_WORDS:
        return True
    if word in notifying.OFF_WORDS:
        return False
    raise Refusal(f"settings_{switch}_usage")


def _leaderboard(args: Args) -> typed.Command:
    """`leaderboard [variant]`: any other word is refused, naming it; `leaderboard puzzles [variant]`:
    the puzzle solvers'."""
    if (solvers := puzzles.leaders_of(args)) is not None:
        return solvers
    variant: str | None = None
    for arg in args:
        variant = words.variant_name(arg.casefold())
        if variant is None:
            raise Refusal("unknown_variant", name=arg[:40])
    return typed.Leaderboard(variant)


def _broken(args: Args) -> typed.Broken:
    """`broken [#id] [end]`; `end` needs the game's number."""
    game_id = words.typed_id(args)
    end = False
    for arg in args:
        if arg.casefold() in words.END_WORDS:
            end = True
        elif words.typed_id((arg,)) is None:
            raise Refusal("broken_usage")
    if end and game_id is None:
        raise Refusal("broken_usage")
    return typed.Broken(game_id, end)


_READERS: dict[str, Callable[[Args], typed.Command]] = {
    "challenge": _challenge,
    "accept": lambda args: typed.Accept(args, words.typed_id(args)),
    "decline": lambda args: typed.Decline(bool(args)),
    "cancel": lambda args: typed.Cancel(),
    "play": _play,
    "move": _move,
    "draw": _draw,
    "undo": lambda args: typed.Undo(_answer(args)),
    "games": _games,
    "rules": lambda args: typed.Rules(args),
    "stats": lambda args: typed.Stats(args),
    "leaderboard": _leaderboard,
    "settings": _settings,
    "broken": _broken,
    "tournament": read_tournament,
    "notify": notifying.read,
    "puzzle": puzzles.read,
    "help": lambda args: typed.Help(words.resolve_command(args[0]) if args else None),
}
