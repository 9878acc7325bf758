"""What an adapter tells the service after posting a reply: a board it posted, with where it is, for the
turn ping the board gives (`Service.board_posted`)."""

from __future__ import annotations

from bot.chat.events import BoardPosted, Place, Reply
from bot.presentation.messages import Kind


def board_posted(platform: str, channel_id: str, reply: Reply, place: Place, *, by: str | None,
                 private_chat: bool = False) -> BoardPosted | None:
    """The report of a posted reply, when it is a board everyone sees (not a private answer); `by`: whose
    command or press it answers (None: a notice)."""
    if reply.kind != Kind.BOARD or reply.game_id is None or reply.ply is None or reply.private:
        return None
    return BoardPosted(platform, channel_id, reply.game_id, reply.ply, place, by, private_chat)
