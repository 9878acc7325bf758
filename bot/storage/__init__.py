"""Storage: the repository interface the rest of the bot depends on, and its backends."""

from bot.storage.repository import Busy, Known, Pending, RatingRule, Repository, StorageError, WriteRefused
from bot.storage.sqlite import SqliteRepository

__all__ = ["Busy", "Known", "Pending", "RatingRule", "Repository", "SqliteRepository", "StorageError",
           "WriteRefused"]
