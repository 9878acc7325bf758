"""External draughts engines that speak the Hub protocol (Scan, dame), run as separate programs.

`HubSettings` says which engine to start and how to use it; `HubEngine` is one session with one engine
process (version 1 of the protocol, Scan 2.0's, or version 2, Scan 3.x's and dame's, told apart by the
engine's answer to `hub`); `bot.engines.work` holds each worker process's engine and asks it for moves,
hints and review analyses. Any fault of the engine raises `EngineFault`, after which the session is
gone and the next use starts a new one; the caller then uses Tammi's own engine instead.
"""

from bot.engines.hub import EngineFault, Found, HubEngine
from bot.engines.settings import HubSettings

__all__ = ["EngineFault", "Found", "HubEngine", "HubSettings"]
