"""Storage: the repository interface the rest of the bot depends on, and its backends."""

from bot.storage.repository import Busy, Pending, RatingRule, Repository, StorageError
from bot.storage.sqlite import SqliteRepository

__all__ = ["Busy", "Pending", "RatingRule", "Repository", "SqliteRepository", "StorageError"]
