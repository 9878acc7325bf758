# Texts of the chat polish (issue 11): reading what people type, per-command help, the text board.
# Every message here must also exist in fi/chat.ftl with the same placeholders.

## Reading what people type

# A message shaped like a move that is not one (`9-`, `5`). `moves` is the `moves` command's word.
move-unreadable = I can't read “{ $text }” as a move: write it like { $example }, or type `{ $moves }` for your legal moves.
# The player named a bot account (or Tammi) in `challenge`. `play` is the `play` command's word.
challenge-bot = { $name } is a bot and cannot accept a challenge. To play against me, type `{ $play }`.
# Several challenges wait for the user: `accept` alone does not choose.
accept-which = Several challenges wait for you: { $list }. Type `{ $accept } <number>`, for example `{ $accept } { $id }`.
accept-which-line = #{ $id } from { $challenger } ({ $variant })
# `12-16 claim`: the move would not make a draw that may be claimed.
claim-move-nothing = Playing { $move } would not give a draw to claim (the same position for the third time, or the 40-move rule), so nothing was played.

## Words people type (comma-separated, read in every language at once)

words-variant-english = english, checkers
words-variant-italian = italian
words-variant-international = international
# Words after a move that claim a draw with it (`12-16 claim`).
words-claim-suffix = claim

## The text board's status line when the game is over

board-status-won = { $side } won
board-status-drawn = Drawn

## The replay's captions (one line under each frame)

gif-start = Start · { $side } to move
gif-move = Move { $number } · { $side } { $move }
gif-won = { $side } wins
gif-drawn = draw

## Lists, ratings, help

games-finished-header = Finished recently:
games-finished-line = #{ $id } { $white } ({ $white_side }) – { $black } ({ $black_side }), { $variant }: { $result }
rating-change = Ratings: { $changes }.
rating-change-one = { $name } { $rating } ({ $change })
help-command-usage = Usage: { $usage }
help-command-options = Options: { $options }
help-more = More about a command: `{ $help } { $example }`.
usage-challenge = `{ $word } [@user] [english|italian|international] [white|black|random] [tournament]`
usage-play = `{ $word } [1-5] [english|italian|international] [white|black|random]`
usage-accept = `{ $word } [#number | @user]`
usage-leaderboard = `{ $word } [english|italian|international]`
options-challenge = nobody named: an open challenge anyone may accept; colours by coin toss unless chosen; `tournament`: a second illegal move attempt loses.
options-play = the level from 1 (beginner) to 5; the rules; your colour.
options-accept = with several challenges waiting, name the one you accept by its number or its challenger. Alone, it also answers a draw offer or a take-back request in your game.

## Slash command options (Discord)

opt-pdn-game = The game's number (default: your game here)
opt-gif-game = The game's number (default: your game here)
option-name-game = game
