# The chat platforms' own texts, and the result of a finished game.

# A finished game's result: its score as in PDN, then who won.
result-won = { $score }, { $winner } won
result-drawn = { $score }, a draw
