"""Faults the fake Discord can inject: rate limits it did not announce, server errors, answers lost
after the request took effect; and the rate-limit headers it puts on every answer, as Discord does."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]

ALREADY_ACKNOWLEDGED = 40060
MISSING_PERMISSIONS = 50013


def rate_headers(bucket: str) -> dict[str, str]:
    """The rate-limit headers Discord puts on every answer: here a bucket of 5 with 4 left, which never
    runs out, so a 429 (`Fault`) comes unannounced, as Discord's shared limits do."""
    return {"X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "4", "X-RateLimit-Reset-After": "1.000",
            "X-RateLimit-Bucket": bucket}


@dataclass
class Fault:
    """What the fake does to the next `times` requests of one kind: `"message"` (a channel message),
    `"callback"` (an interaction response), `"followup"` or `"edit"` (of the original response).

    It answers `status` instead of doing the request (429 with `retry_after`: a rate limit; 500, 503...),
    or, when `accepted`, does the request and then answers `status` (Discord accepted it, the answer got
    lost), so a client that retries makes it twice."""

    kind: str
    status: int
    times: int = 1
    retry_after: float = 0.0
    accepted: bool = False
    code: int = 0

    def body(self) -> JSON:
        if self.status == 429:
            return {"message": "You are being rate limited.", "retry_after": self.retry_after,
                    "global": False}
        return {"message": f"{self.status}: fault", "code": self.code}

    def headers(self) -> dict[str, str]:
        if self.status == 429:  # discord.py takes a 429 without Via for Cloudflare's ban
            return {"Via": "1.1 google", "Retry-After": str(max(1, round(self.retry_after))),
                    "X-RateLimit-Scope": "shared"}
        return {}
