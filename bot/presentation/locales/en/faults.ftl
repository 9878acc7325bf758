# Texts about a database that cannot answer, and the games set aside because they cannot be read.

storage-down = My database is not answering just now, so I could not do that. Please try again in a moment.
storage-down-move = My database is not answering just now, so your move was not saved. Please try again in a moment.
storage-busy = My database is busy (something else is holding a lock on it), so I could not do that in time. Please try again in a moment.
storage-busy-move = My database is busy (something else is holding a lock on it), so your move was not saved. Please try again in a moment.
storage-unsure = My database stopped answering while I was saving this, so I cannot tell whether it was saved. Type `board` in a moment to see.

# A game whose stored record cannot be read back is set aside: out of play, its players free.
damage-position = its stored position is damaged
damage-start = its stored variant or starting position is damaged
damage-moves = one of its stored moves is damaged
damage-record = its stored record is damaged
set-aside-notice = Game #{ $id } ({ $white } vs { $black }) cannot be read from my database: { $damage }. I have set it aside, so { $white } and { $black } are free to play other games. A channel manager can look at it with `{ $command } { $id }` and end it with `{ $command } { $id } { $end }`.
set-aside-notice-bot = Game #{ $id } ({ $name } vs Tammi) cannot be read from my database: { $damage }. I have set it aside, so { $name } is free to play other games. A channel manager can look at it with `{ $command } { $id }` and end it with `{ $command } { $id } { $end }`.
game-unreadable = Game #{ $id } cannot be read from my database, so it is set aside: nobody can play it. A channel manager can look at it with `{ $command } { $id }`.
set-aside-none = No game of this channel is set aside.
set-aside-list = Games set aside here because they cannot be read from my database:
set-aside-line = #{ $id } { $white } vs { $black }: { $damage }
set-aside-line-ended = #{ $id } { $white } vs { $black }: { $damage } (ended)
set-aside-list-end = See one with `{ $command } <number>`; end one with `{ $command } <number> { $end }`.
set-aside-details = Game #{ $id }: { $white } vs { $black }, rules “{ $variant }”. It cannot be read: { $damage }.
set-aside-details-what = What failed: { $detail }
set-aside-details-start = Stored starting position: `{ $text }`
set-aside-details-fen = Stored position: `{ $text }`
set-aside-details-moves = Stored moves: `{ $text }`
set-aside-details-active = It was being played. End it with `{ $command } { $id } { $end }` (finished with no result, unrated).
set-aside-details-ended = It has been ended.
set-aside-ended = Game #{ $id } is ended: finished with no result, unrated. It stays set aside.
no-set-aside-game = No game #{ $id } is set aside in this channel. Type `broken` to list the ones that are.
set-aside-ended-already = Game #{ $id } has already been ended.
broken-not-allowed = Only people who manage this channel can look at or end the games set aside (on Discord: Manage Server or Manage Channels; on Telegram: the group's administrators).
broken-usage = Type `broken` for the list, `broken <number>` to see one game, `broken <number> end` to end it.

cmd-broken = Games set aside because they cannot be read (for channel managers)
opt-broken-game = The set-aside game's number
opt-broken-end = End that game (finished with no result, unrated)
option-name-end = end
words-command-broken = broken, damaged
words-broken-end = end, close
usage-broken = `{ $word } [#number] [end]`
options-broken = without a number, the channel's set-aside games; with a number, what is stored of that game; `end` ends it (finished with no result, unrated). Only channel managers may.
