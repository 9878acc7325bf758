# The chat platforms' own texts, and the result of a finished game.

# A finished game's result: its score as in PDN, then who won.
result-won = { $score }, { $winner } won
result-drawn = { $score }, a draw

# `settings` with a change, from someone who does not manage the channel.
settings-not-allowed = Only people who manage this channel can change its settings (on Discord: Manage Server or Manage Channels; on Telegram: the group's administrators). Anyone can see them with `settings`.

# A move or a command from a message posted on behalf of a chat (a Telegram channel, or an anonymous group administrator, who posts as the group): it is nobody's.
chat-post-not-player = Messages posted on behalf of a channel or of the group (as an anonymous admin) cannot play. Write as yourself to play; `help`, `rules` and `settings` answer anyone.

# Telegram's flood limit held back more replies than are kept for a chat: said once they have gone.
telegram-replies-not-delivered = Telegram limited how fast I may post here, so some of my replies did not arrive. Send /board to see your game.

# Help: how commands are given on each platform, and how to move where typed moves do not arrive.
help-intro-discord = Tammi plays draughts: English checkers, Italian and International draughts. Use the slash command `/tammi <command>`, or mention @Tammi followed by the command.
help-intro-telegram = Tammi plays draughts: English checkers, Italian and International draughts. Send a command as `/<command>`, for example `/play`.
help-intro-console = Tammi plays draughts: English checkers, Italian and International draughts. Type the command word, for example `play`.
help-moves-discord-untyped = Move with the Move button under the board, or with `/tammi move` (for example 9-13 or 10x17x26); messages typed in this server do not reach Tammi.
help-moves-telegram-untyped = Tap Move under the board, then your piece and each square it goes to (Back goes back a step, Cancel stops); or move with `/move 9-13`, or by replying to the board with the move (for example 9-13 or 10x17x26).
help-moves-other-untyped = Move with the Move button under the board, or with the `move` command (for example `move 9-13`).
# Discord, in `help`: the app installed to a person's account plays in their DMs and group DMs, but may only answer there.
help-discord-user-install = Added Tammi to your account rather than to a server? Then `/tammi` and its buttons work in your DMs and group DMs too, but there Discord lets Tammi only answer, not post on its own: the bot's later moves, reminders and time-outs come within 15 minutes of the last command or button there, or else with the answer to the next one.
# Under a new board, where typed moves do not arrive (or may not: a notice knows only the platform's configuration); `how-to-move` where they do.
how-to-move-discord-untyped = Move with the Move button under the board, or with `/tammi move` (for example `/tammi move { $example }`).
how-to-move-telegram-untyped = Tap Move under the board, then your piece and where it goes; or send `/move { $example }`, or reply to the board with the move.
how-to-move-other-untyped = Move with the Move button under the board, or with the `move` command (for example `move { $example }`).

# Discord: a reply that Discord did not take even after retrying (the board of a game, or anything else).
discord-board-undelivered = The board of game #{ $game } did not reach Discord. Use `/tammi board` to see it.
discord-reply-undelivered = A reply from Tammi did not reach Discord. Please ask again.
# Discord: said once in a channel where Tammi may not attach files (boards then come without their picture).
discord-attach-files-missing = Tammi may not attach files in this channel, so boards come without their picture. Someone who manages the server can give Tammi the **Attach Files** permission here.
