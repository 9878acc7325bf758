# The chat platforms' own texts, and the result of a finished game.

# A finished game's result: its score as in PDN, then who won.
result-won = { $score }, { $winner } won
result-drawn = { $score }, a draw

# `settings` with a change, from someone who does not manage the channel.
settings-not-allowed = Only people who manage this channel can change its settings (on Discord: Manage Server or Manage Channels; on Telegram: the group's administrators). Anyone can see them with `settings`.
