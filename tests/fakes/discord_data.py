"""What the fake Discord holds and sends: the ids of its server, channels and people, and the records of
what the bot did (messages, interaction callbacks)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

JSON = dict[str, Any]

APP_ID = 700000000000000001  # the bot user has the application's id, as on Discord
GUILD_ID = 700000000000000010
CHANNEL_ID = 700000000000000011
THREAD_ID = 700000000000000012
OTHER_CHANNEL_ID = 700000000000000013
DM_CHANNEL_ID = 700000000000000020
GROUP_DM_ID = 700000000000000030  # a group DM of alice, bob and carol, where the bot is no member
FRIENDS_DM_ID = 700000000000000031  # the DM between alice and bob, where the bot is no member either
PRIVATE_CHANNELS = {GROUP_DM_ID: 3, FRIENDS_DM_ID: 1}  # the channels between people, and their types
COMMAND_INTEGRATION_TYPES = frozenset({0, 1})  # a server install, a user install
COMMAND_CONTEXTS = frozenset({0, 1, 2})  # servers, the bot's DMs, DMs and group DMs between people
EPHEMERAL = 1 << 6
MESSAGE_CONTENT = 1 << 15  # the privileged intent
TIMESTAMP = "2026-01-01T12:00:00.000000+00:00"
ALL_PERMISSIONS = str((1 << 50) - 1)
MANAGE = (1 << 4) | (1 << 5)  # Manage Channels, Manage Server
MEMBER_PERMISSIONS = str(((1 << 50) - 1) & ~MANAGE & ~(1 << 3))  # everything but managing (and Administrator)


def without_localizations(value: Any) -> Any:
    """Commands as Discord lists them when not asked `with_localizations`: without those maps."""
    if isinstance(value, dict):
        return {key: without_localizations(item) for key, item in value.items()
                if not key.endswith("_localizations")}
    if isinstance(value, list):
        return [without_localizations(item) for item in value]
    return value


@dataclass(frozen=True)
class User:
    id: int
    name: str
    bot: bool = False

    def payload(self) -> JSON:
        return {"id": str(self.id), "username": self.name, "global_name": self.name, "discriminator": "0",
                "avatar": None, "bot": self.bot, "public_flags": 0}

    def member(self) -> JSON:
        return {"user": self.payload(), "roles": [], "joined_at": TIMESTAMP, "deaf": False, "mute": False,
                "nick": None, "flags": 0, "pending": False}


BOT = User(APP_ID, "Tammi", bot=True)
ALICE = User(700000000000000101, "alice")
BOB = User(700000000000000102, "bob")
CAROL = User(700000000000000103, "carol")


@dataclass
class Sent:
    """One message the bot produced (a channel message, an interaction answer, a followup or an edit)."""

    id: str
    channel_id: str
    via: str  # "channel", "callback", "followup", "edit"
    content: str | None
    embeds: list[JSON]
    components: list[JSON]
    files: list[tuple[str, bytes]]
    ephemeral: bool
    interaction_id: str | None = None
    reference: str | None = None
    reference_required: bool = True  # Discord refuses the message if the referenced one is gone
    attachments: list[JSON] = field(default_factory=list)  # the files' metadata as sent (description...)

    @property
    def buttons(self) -> list[str]:
        """custom_ids of the buttons, in order."""
        return [item["custom_id"] for row in self.components for item in row.get("components", [])
                if item.get("type") == 2 and "custom_id" in item]

    @property
    def menus(self) -> dict[str, list[str]]:
        """The select menus: each custom_id with its options' values, in order."""
        return {item["custom_id"]: [option["value"] for option in item.get("options", [])]
                for row in self.components for item in row.get("components", []) if item.get("type") == 3}

    @property
    def descriptions(self) -> list[str | None]:
        """Each attached file's description (its alt text), in order."""
        by_id = {str(item.get("id")): item.get("description") for item in self.attachments}
        return [by_id.get(str(number)) for number in range(len(self.files))]

    @property
    def text(self) -> str:
        """The content and every embed's title, description and fields, as one string."""
        parts = [self.content or ""]
        for embed in self.embeds:
            parts += [embed.get("title", ""), embed.get("description", "")]
            parts += [f"{f['name']}: {f['value']}" for f in embed.get("fields", [])]
        return "\n".join(part for part in parts if part)

    def payload(self) -> JSON:
        """The message as Discord returns it."""
        return {
            "id": self.id, "channel_id": self.channel_id, "author": BOT.payload(),
            "content": self.content or "",
            "timestamp": TIMESTAMP, "edited_timestamp": None, "tts": False, "mention_everyone": False,
            "mentions": [], "mention_roles": [], "attachments": [
                {"id": str(n), "filename": name, "size": len(data), "url": f"https://cdn.test/{name}",
                 "proxy_url": f"https://cdn.test/{name}", "description": description}
                for n, ((name, data), description) in enumerate(zip(self.files, self.descriptions,
                                                                     strict=True))],
            "embeds": self.embeds, "components": self.components, "pinned": False, "type": 0,
            "flags": EPHEMERAL if self.ephemeral else 0,
            **({"webhook_id": str(APP_ID), "application_id": str(APP_ID)} if self.interaction_id else {}),
        }


@dataclass
class Callback:
    """An interaction callback the bot made.

    `type` is Discord's: 4 message, 5 deferred with "thinking", 6 deferred update, 8 choices, 9 modal.
    """

    interaction_id: str
    type: int
    data: JSON


def guild_payload() -> JSON:
    def channel(channel_id: int, name: str, position: int) -> JSON:
        return {"id": str(channel_id), "type": 0, "guild_id": str(GUILD_ID), "name": name,
                "position": position, "permission_overwrites": [], "nsfw": False, "parent_id": None,
                "topic": None, "last_message_id": None, "rate_limit_per_user": 0}

    thread = {
        "id": str(THREAD_ID), "type": 11, "guild_id": str(GUILD_ID), "parent_id": str(CHANNEL_ID),
        "owner_id": str(ALICE.id), "name": "game thread", "last_message_id": None, "message_count": 0,
        "member_count": 2, "rate_limit_per_user": 0, "flags": 0,
        "thread_metadata": {"archived": False, "auto_archive_duration": 1440,
                            "archive_timestamp": TIMESTAMP, "locked": False},
    }
    everyone = {"id": str(GUILD_ID), "name": "@everyone", "permissions": MEMBER_PERMISSIONS, "position": 0,
                "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0}
    return {
        "id": str(GUILD_ID), "name": "Draughts club", "icon": None, "owner_id": str(ALICE.id),
        "roles": [everyone], "emojis": [], "stickers": [], "features": [], "unavailable": False,
        "member_count": 4, "large": False, "verification_level": 0, "default_message_notifications": 0,
        "explicit_content_filter": 0, "mfa_level": 0, "premium_tier": 0, "preferred_locale": "en-US",
        "channels": [channel(CHANNEL_ID, "general", 0), channel(OTHER_CHANNEL_ID, "lobby", 1)],
        "threads": [thread], "members": [BOT.member(), ALICE.member(), BOB.member(), CAROL.member()],
        "voice_states": [], "presences": [], "joined_at": TIMESTAMP,
    }


def message_payload(message_id: str, user: User, content: str, channel_id: int, mentions: tuple[User, ...],
                    reply_to: Sent | None) -> JSON:
    """A MESSAGE_CREATE event's data: `user` posts `content` (as a reply to `reply_to`)."""
    data: JSON = {
        "id": message_id, "channel_id": str(channel_id), "author": user.payload(), "content": content,
        "timestamp": TIMESTAMP, "edited_timestamp": None, "tts": False, "mention_everyone": False,
        "mentions": [u.payload() for u in mentions], "mention_roles": [], "attachments": [],
        "embeds": [], "pinned": False, "type": 19 if reply_to else 0, "flags": 0,
    }
    if channel_id != DM_CHANNEL_ID:
        member = user.member()
        del member["user"]
        data.update(guild_id=str(GUILD_ID), member=member)
    if reply_to is not None:
        data["message_reference"] = {"message_id": reply_to.id, "channel_id": reply_to.channel_id}
        data["referenced_message"] = reply_to.payload()
    return data


def command_data(subcommand: str, options: dict[str, str | int | User],
                  focused: str | None = None) -> JSON:
    """The data of a `/tammi <subcommand>` interaction with these option values (`"tournament join"`: a
    subcommand of a group)."""
    values: list[JSON] = []
    resolved: JSON = {}
    for name, value in options.items():
        if isinstance(value, User):
            values.append({"type": 6, "name": name, "value": str(value.id)})
            resolved.setdefault("users", {})[str(value.id)] = value.payload()
        else:
            # a boolean, an integer or a string option
            kind = 5 if isinstance(value, bool) else 4 if isinstance(value, int) else 3
            values.append({"type": kind, "name": name, "value": value})
        if name == focused:
            values[-1]["focused"] = True
    inner: JSON = {"type": 1, "name": subcommand, "options": values}
    group, _, sub = subcommand.partition(" ")
    if sub:
        inner = {"type": 2, "name": group, "options": [{"type": 1, "name": sub, "options": values}]}
    data: JSON = {"id": "1", "name": "tammi", "type": 1, "options": [inner]}
    if resolved:
        data["resolved"] = resolved
    return data
