# Tidy channels: one live board per game, edited in place (`settings live on|off`), the Bump button and
# command that post it again at the bottom, and on Discord a thread per game (`settings threads on|off`)
# (bot/chat/live.py; the adapters' live.py and threads.py).

words-settings-live = live, tidy
words-settings-threads = threads, thread
option-name-live = live
option-name-threads = threads
opt-settings-live = One live board per game, edited after each move instead of a new one
opt-settings-threads = Each new game in a thread of its own (needs Create Public Threads)
choice-switch-on = On
choice-switch-off = Off
settings-live-on = Live boards here: on, each game keeps one board message, edited after every move (`{ $command } live off` posts a new board after each move; `bump` posts the board again at the bottom).
settings-live-off = Live boards here: off, a new board after every move (`{ $command } live on` keeps one board per game, edited in place).
settings-threads-on = Game threads here: on, each new game gets a thread of its own, where its moves and notices go (`{ $command } threads off` keeps new games in the channel).
settings-threads-off = Game threads here: off (`{ $command } threads on` gives each new game a thread of its own; I need the Create Public Threads permission).
settings-live-usage = Say whether each game keeps one live board here: `settings live on` or `settings live off`.
settings-threads-usage = Say whether each new game gets a thread of its own: `settings threads on` or `settings threads off`.
settings-threads-discord-only = Game threads are a Discord setting: here each game stays in the chat, and `settings live on` keeps one board per game instead.

words-command-bump = bump
cmd-bump = Post your game's board again at the bottom (the live board moves there)
usage-bump = `{ $word } [#number]`
options-bump = without a number, your game here (or your last one). Where the channel keeps live boards (`settings live on`), the board posted becomes the one edited after each move, and the one before is taken away; the Bump button under a live board does the same.
opt-board-bump = Post the board again at the bottom, as the live board
opt-bump-bump = Post the board again at the bottom, as the live board
option-name-bump = bump
btn-bump = Bump

thread-name = Game #{ $id }: { $title }
thread-permission-missing = I could not give this game a thread of its own: I need the Create Public Threads permission in this channel (or turn game threads off with `settings threads off`). The game goes on here.

## A review's note, edited as the review goes (issue 25's Progress)

review-progress = Reviewing game #{ $id }: move { $move } of { $moves }…
review-progress-done = Game #{ $id } reviewed ({ $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}): the review follows.
