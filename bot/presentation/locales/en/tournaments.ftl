## Tournaments in a channel (bot/presentation/tournament_text.py, bot/chat/tournament.py)

cmd-tournament = A tournament here: open one, join, start, standings
cmd-tournament-new = Open a tournament in this channel
cmd-tournament-join = Join the tournament
cmd-tournament-leave = Leave the tournament (during play: withdraw)
cmd-tournament-start = Start the tournament (its organiser)
cmd-tournament-status = The tournament: players, round, boards, games
cmd-tournament-standings = The standings with their tie-breaks
cmd-tournament-cancel = Cancel the tournament (its organiser or a manager)
cmd-tournament-pdn = Every game of the tournament in one PDN file
opt-tournament-new-format = round-robin (each plays each) or swiss
opt-tournament-new-variant = Rules: english, italian or international
opt-tournament-new-rounds = Swiss: the number of rounds (else the usual one for the field)
opt-tournament-new-days = Days each player has per move (3 unless set)
opt-tournament-new-double = Round robin: play each opponent twice, colours reversed (up to 6 players)
option-name-format = format
option-name-rounds = rounds
option-name-days = days
option-name-double = double
usage-tournament = `{ $word } [new [round-robin|swiss] [english|italian|international] [double] [rounds N] [days N] | join | leave | start | standings | cancel | pdn]`
options-tournament = alone, the tournament here: players, round, boards. Each game has N days per move (3 by default): the player to move is reminded a day before, and loses on time when it is up. A round is paired when the last game of the one before ends. With a tournament game and another game here, a typed move (or a command naming no game) goes to the game where it is your turn, the tournament game when it is your turn in both.

words-command-tournament = tournament, tourney
words-tournament-new = new, open, create
words-tournament-join = join, enter
words-tournament-leave = leave, withdraw, quit
words-tournament-start = start, begin
words-tournament-status = status, show
words-tournament-standings = standings, table, results
words-tournament-cancel = cancel
words-tournament-pdn = pdn
words-tournament-round-robin = round-robin, roundrobin, rr, all-play-all
words-tournament-swiss = swiss
words-tournament-double = double, twice
words-tournament-rounds = rounds, round
words-tournament-days = days, day

btn-tournament-join = Join
btn-tournament-standings = Standings

tournament-format-round-robin = Round robin
tournament-format-double = Double round robin
tournament-format-swiss = Swiss
tournament-terms = { $format }, { $variant }, { $days ->
    [one] 1 day a move
   *[other] { $days } days a move
}
tournament-terms-rounds = { $format }, { $rounds ->
    [one] 1 round
   *[other] { $rounds } rounds
}, { $variant }, { $days ->
    [one] 1 day a move
   *[other] { $days } days a move
}
tournament-title = Tournament #{ $id }: { $terms }
tournament-opened = { $name } opened { $title }.
tournament-players = { $count ->
    [one] 1 player
   *[other] { $count } players
}: { $names }
tournament-nobody = nobody yet
tournament-how-to-join = Join with `{ $join }` or the Join button; { $name } starts it with `{ $start }`.
tournament-joined = { $name } joined tournament #{ $id }.
tournament-left = { $name } left tournament #{ $id }.
tournament-withdrew = { $name } withdrew from tournament #{ $id }: no more games for them, and their game in progress is lost.
tournament-cancelled = Tournament #{ $id } was cancelled.
tournament-cancelled-games = Its games in progress ended with no result: { $games }.
tournament-stage-open = Open for players; { $organiser } starts it.
tournament-stage-running = Being played.
tournament-stage-finished = Finished.
tournament-stage-cancelled = Cancelled.
tournament-round = Round { $round } of { $rounds }:
tournament-ballot = Ballot { $number }: every game starts with { $moves }.
tournament-board = { $board }. { $white } - { $black }: { $state }
tournament-board-bye = { $board }. { $name } has the round off.
tournament-state-playing = game #{ $id }, { $name } to move
tournament-state-over = game #{ $id }, { $score }
tournament-state-forfeit = { $score } by forfeit
tournament-days-note = { $days ->
    [one] Each player has 1 day per move; time up, the game is lost.
   *[other] Each player has { $days } days per move; time up, the game is lost.
}
tournament-to-play = Still to play this round: { $names }.
tournament-winner = The winner: { $names }, with { $points } points!
tournament-winners = Sharing first place: { $names }, with { $points } points!
tournament-standings-final = Final standings after { $round } of { $rounds } rounds:
tournament-standings-in = Standings in round { $round } of { $rounds }:
tournament-col-place = #
tournament-col-player = Player
tournament-col-points = Pts
tournament-col-games = Games
tournament-col-score = W-D-L
tournament-tiebreak-sonneborn-berger = SB
tournament-tiebreak-buchholz = Buch
tournament-tiebreak-median-buchholz = Med
tournament-tiebreaks-round-robin = Ties are broken by Sonneborn-Berger (SB: the points of the opponents you beat, and half of those you drew with).
tournament-tiebreaks-swiss = Ties are broken by Buchholz (Buch: the points of your opponents), then median Buchholz (Med: the same without the best and the worst of them).
tournament-withdrawn-mark = † withdrew.
tournament-pdn = Tournament #{ $id }: { $count ->
    [one] 1 game
   *[other] { $count } games
} in PDN.
tournament-pdn-none = Tournament #{ $id } has no games yet.
tournament-game = Tournament #{ $id }, round { $round }:
tournament-move-due = { $name }, your move in tournament game #{ $id }: the game is lost on time { $time }.
tournament-over = Tournament #{ $id } is over.

end-time = { $loser } ran out of time for the move. { $winner } wins.
end-withdrawn = { $loser } withdrew from the tournament. { $winner } wins.
end-cancelled = The tournament was cancelled: the game ends with no result.

tournament-usage = I don't know “{ $word }” in a tournament command. Try `tournament`, `tournament new`, `join`, `leave`, `start`, `standings`, `cancel` or `pdn`.
tournament-new-usage = I can't read “{ $word }” here. Write for example `tournament new swiss english rounds 4 days 3`.
tournament-rounds-swiss-only = Only a Swiss has a number of rounds to choose: a round robin has as many as its players need (say `double` to play each opponent twice).
tournament-double-round-robin-only = Only a round robin can be double.
tournament-rounds-range = A tournament has from 1 to { $max } rounds.
tournament-days-range = A move may take from 1 to { $max } days.
tournament-exists = This channel has tournament #{ $id } already: see `tournament`.
tournament-none = There is no tournament in this channel. Open one with `tournament new`.
tournament-not-open = Tournament #{ $id } is not taking players.
tournament-already-in = You are in tournament #{ $id } already.
tournament-full = The tournament is full ({ $max } players).
tournament-not-in = You are not playing in tournament #{ $id }.
tournament-not-organiser = Only the organiser ({ $name }) or a manager of the channel can do that.
tournament-too-few = A tournament needs at least { $min } players.
tournament-rounds-too-many = { $players } players can play at most { $max } Swiss rounds without meeting again ({ $rounds } asked).
tournament-no-undo = Moves of a tournament game (#{ $id }) cannot be taken back.
tournament-managers-only = Only the channel's managers may open a tournament here (the channel's setting).

## Who may open a tournament in the channel (`settings tournaments managers|anyone`)

settings-tournaments-anyone = Tournaments here: anyone may open one (`{ $command } tournaments managers` leaves it to the channel's managers).
settings-tournaments-managers = Tournaments here: only the channel's managers open them (`{ $command } tournaments anyone` lets anyone).
settings-tournaments-usage = Say who may open a tournament here: `settings tournaments managers` or `settings tournaments anyone`.
words-settings-tournaments = tournaments, tournament
words-openers-managers = managers, admins, moderators
words-openers-anyone = anyone, everyone
option-name-tournaments = tournaments
opt-settings-tournaments = Who may open a tournament here: anyone, or the channel's managers
choice-openers-anyone = Anyone may open a tournament
choice-openers-managers = Only the channel's managers
