## Game review and hints

cmd-review = Review a game: who stood better when, the turning points, a summary
cmd-hint = Show a good move (in a game against the bot)
opt-review-game = Game number (default: your game here)
words-command-review = review, analysis, analyse
words-command-hint = hint

review-started = Reviewing game #{ $id } ({ $plies ->
        [one] { $plies } move
       *[other] { $plies } moves
    }, about { $seconds } s). The review follows here when it is ready.
review-busy = Your previous review is still running; ask again when it is done.
review-game-running = Game #{ $id } is still being played. A game between people is reviewed when it is over, so that neither side gets outside help.
review-no-moves = Game #{ $id } has no moves to review yet.
review-no-game = You have no game here to review. `games` lists this channel's games with their numbers; name one, for example `review 3`.
usage-review = `{ $word } [#number]`
options-review = without a number, your game here: the one in progress (a game against the bot is reviewed while it goes on, one between people once it is over), else your last one. With a number, any finished game.
review-failed = The review of game #{ $id } failed. Please try again later.
review-graph = Review of game #{ $id }: { $white } against { $black }. The graph shows who stood better after each move: { $white_side } above the line, { $black_side } below it.
review-none = No turning points: neither side lost material or let a result slip by more than a small margin.
review-point = Move { $number }, { $name } ({ $side }): { $move } was { $verdict } ({ $why }). Better: { $best }.
review-verdict-mistake = a mistake
review-verdict-blunder = a blunder
review-why-win = it let the win slip
review-why-draw = it walked into a lost position
review-why-material = it loses material
review-why-position = it gives a worse position
review-eval = Evaluation for { $side }, in men: { $before } before, { $after } after.
review-line = Line with { $best }: { $line }
review-refutation = After { $move }: { $line }
review-score-won = won
review-score-lost = lost
review-more = { $count ->
        [one] { $count } more turning point is
       *[other] { $count } more turning points are
    } not shown.
review-summary = Summary of game #{ $id }:
review-summary-line = { $name } ({ $side }): { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }, { $mistakes ->
        [one] { $mistakes } mistake
       *[other] { $mistakes } mistakes
    }, { $blunders ->
        [one] { $blunders } blunder
       *[other] { $blunders } blunders
    }, accuracy { $accuracy } %.
review-accuracy-note = Accuracy is the share of moves that kept the evaluation.

hint = Hint for { $name }: { $move } (the arrow on the board).
hint-human-game = Hints are only for games against Tammi: game #{ $id } is between people, and a hint would be outside help.
hint-not-your-turn = Hints are for your own move: wait for your turn in game #{ $id }.
hints-used = Hints used in this game: { $count ->
        [one] { $count } position
       *[other] { $count } positions
    }.

