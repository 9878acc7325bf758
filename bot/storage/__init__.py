"""Storage: the repository interface the rest of the bot depends on, and its backends."""

from bot.storage_new.repository import Busy, Pending, RatingRule, Repository, StorageError
from bot.storage_new.sqlite import SqliteRepository

__all__ = ["Busy", "Pending", "RatingRule", "Repository", "SqliteRepository", "StorageError"]
