"""The dependencies a handler may name, and binding them once at start-up.

A handler is `async def name(command_or_target, ctx, <dependencies>) -> list[Reply]`; the parameters
after the first two are named after the fields of `Deps` (`desk`, `presenter`, ...), and `bind` fills
them in, so each handler gets exactly what it names and nothing else (the shape of Cosmic Python's
bootstrap).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, fields
from typing import Any

from bot.chat.context import Ctx
from bot.chat.pinging import Pings
from bot.config import Config
from bot.flows.desk import Desk
from bot.flows.opponent import BotPlayer
from bot.flows.review import Reviewer
from bot.flows.rounds import Director
from bot.presentation.messages import Reply
from bot.presentation.replies import Presenter
from bot.storage.repository import Repository
from bot.workers import Workers

Post = Callable[[str, str, Reply], Awaitable[None]]
"""Send a reply to (platform, channel) on the bot's own (a review that was running in the background)."""
Bound = Callable[[Any, Ctx], Awaitable[list[Reply]]]


@dataclass(frozen=True)
class Deps:
    desk: Desk
    repository: Repository
    presenter: Presenter
    bot: BotPlayer
    reviewer: Reviewer
    workers: Workers
    config: Config
    post: Post
    director: Director
    pings: Pings


def bind(handler: Callable[..., Awaitable[list[Reply]]], deps: Deps) -> Bound:
    """`handler` with the dependencies it names filled in from `deps`."""
    names = {field.name for field in fields(deps)}
    parameters = list(inspect.signature(handler).parameters.values())[2:]
    wanted = [p.name for p in parameters if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD]
    unknown = [name for name in wanted if name not in names]
    if unknown:
        raise TypeError(f"{handler.__qualname__} names no known dependency: {', '.join(unknown)}")
    return functools.partial(handler, **{name: getattr(deps, name) for name in wanted})
