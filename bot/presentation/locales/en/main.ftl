# Tammi's texts in English. Every message here must also exist in fi.ftl with the same placeholders
# (tests/bot/test_catalogue.py checks). Message ids use hyphens; code may write them with underscores
# (`say(lang, "no_game")` finds `no-game`). Counts choose their words with CLDR plural categories.

## General

internal-error = Sorry, something went wrong on my side. Please try again.
too-long = That message is too long for me to read.
not-understood = I did not understand that. Type `help` to see what I can do.
# A question the rules help has no passage for (the weather, other games). `rules`, `help`: command words.
not-a-rules-question = That does not look like a question about the rules of draughts, so I have no answer to it. Type `{ $rules }` for the rules topics or `{ $help }` for what I can do.
unknown-button = That button no longer works.
no-game = You have no game in this channel. Start one with `challenge` or `play`.
no-such-game = There is no game #{ $id }.
not-a-player = You are not playing in game #{ $id }.
game-finished = Game #{ $id } is already over.
conflict = The game changed while I was checking your request. Look at the board and try again.
unknown-variant = I don't know the rules “{ $name }”. Choose english, italian or international.
unknown-person = I don't know who “{ $name }” is here. Mention them (@name), or ask them to say something first.

## Challenges

challenge-open = { $challenger } challenges anyone to a game of { $variant } ({ $colours }). Press Accept or type `accept`.
challenge-direct = { $target }, { $challenger } challenges you to a game of { $variant } ({ $colours }). Accept or decline?
challenge-rematch = Rematch of game #{ $game }, colours swapped.
challenge-expires = The challenge expires in { $time }.
colours-random = colours by coin toss
colours-chosen = { $name } plays { $side }
tournament-note = Tournament rules: the first illegal move attempt is a warning, the second loses the game.
challenge-self = You cannot challenge yourself. For a game against me, use `play`.
challenge-busy-self = You already have a game in this channel (#{ $id }). Finish it first.
challenge-busy-other = { $name } already has a game in this channel.
challenge-pending = You already have an open challenge here (#{ $id }). Cancel it first with `cancel`.
no-challenge = There is no open challenge for you here.
challenge-not-for-you = That challenge is for { $name }, not for you.
challenge-gone = That challenge is no longer open.
challenge-own = You cannot accept your own challenge. Use `cancel` to withdraw it.
challenge-declined = { $name } declined { $challenger }'s challenge.
challenge-cancelled = { $challenger } cancelled the challenge.
challenge-nothing-to-cancel = You have no open challenge here.
challenge-expired = { $challenger }'s challenge (#{ $id }) expired without an answer.
game-started = Game #{ $id } begins: { $white } ({ $white_side }) against { $black } ({ $black_side }), { $variant }.
how-to-move = Type your move as a message, for example { $example }.

## Moves and the board

moved = { $name } played { $move }.
turn = { $side } ({ $name }) to move.
board-title = Game #{ $id }: { $white } ({ $white_side }) against { $black } ({ $black_side }), { $variant }
board-moves = Moves played: { $count }. Last move: { $last }.
board-no-moves = No moves played yet.
not-your-turn = It is not your turn: { $side } ({ $name }) is to move.
legal-moves = Legal moves for { $side }: { $moves }
legal-moves-wait = It is { $side }'s turn ({ $name }). Their legal moves: { $moves }
refused = { $move } is not allowed: { $reason }
refused-options = Possible moves: { $moves }
rule-pointer = The rule: `{ $command }` ({ $title }).
tournament-warning = Warning (tournament rules): that was an illegal move attempt. A second one loses the game.
draw-declined-by-move = The draw offer was declined by the move.
undo-declined-by-move = The take-back request was declined by the move.
claim-possible = A draw can now be claimed ({ $kind }): either player may type `claim`.
kind-threefold = threefold repetition
kind-forty-moves = the 40-move rule

## Game ends

end-no-moves = { $winner } wins: { $loser } has no legal move.
end-resign = { $loser } resigned. { $winner } wins.
end-agreement = Draw by agreement.
end-threefold = Draw: the same position occurred for the third time.
end-no-progress = Draw: too many moves without a capture or a man move.
end-endgame = Draw by the endgame rule: the king could not win in the moves allowed.
end-claim-threefold = { $name } claimed a draw by threefold repetition. Draw.
end-claim-forty-moves = { $name } claimed a draw by the 40-move rule. Draw.
end-abandon = { $winner } wins: { $loser } did not move for { $time }.
end-illegal-moves = { $loser } made a second illegal move attempt and loses under tournament rules. { $winner } wins.
end-other = Game over: { $result }.
rated-note = Rated game.
unrated-short = Not rated: the game was too short.

## Resign, draws, claims, undo

resign-confirm = Resign game #{ $id }? This cannot be undone.
draw-offered = { $name } offers a draw. { $opponent }, do you accept?
draw-after-own-move = You can offer a draw right after your own move, or together with it (for example `9-13 draw`).
offer-pending = An offer is already waiting for an answer.
no-draw-offer = There is no draw offer to answer.
own-offer = You cannot answer your own offer.
draw-declined = { $name } declined the draw offer.
claim-nothing = There is nothing to claim now.
claim-draw-rules = In English checkers a draw may be claimed after a threefold repetition or 40 moves by each side without a capture or a man move.
claim-abandon-wait = You can claim the win if { $name } does not move for { $time } (it has been { $since }).
undo-requested = { $name } asks to take back their last move ({ $move }). { $opponent }, do you accept?
undo-not-possible = You can only take back your own last move, before your opponent replies.
no-undo-request = There is no take-back request to answer.
undo-done = Move { $move } was taken back.
undo-declined = { $name } declined the take-back request.

## The built-in opponent

bot-level-bad = The level must be a number from 1 to { $max }.
bot-thinking = { $name } is thinking…
bot-failed = I could not find a move in game #{ $id }. Sorry: the game stays as it is.
bot-undo = Your last move and my reply were taken back.

## Lists, exports, statistics

games-none = No games are running in this channel.
games-header = Games in this channel:
games-line = #{ $id } { $white } ({ $white_side }) – { $black } ({ $black_side }), { $variant }, { $plies ->
        [one] { $plies } move
       *[other] { $plies } moves
    }, { $side } to move
challenges-header = Open challenges:
challenges-line = #{ $id } { $challenger } → { $target }, { $variant }
anyone = anyone
no-game-to-show = You have no game here to show. Name one by number, for example `pdn 3`.
pdn = PDN of game #{ $id }:
gif = Replay of game #{ $id }.
pictures-unavailable = Pictures are not available.
stats = { $name }: { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins } won, { $losses } lost, { $draws } drawn, { $active } in progress.
stats-ratings = Ratings in this channel:
# One variant's rating; $rating is the number, with ? while provisional.
stats-rating = { $variant }: { $rating } ({ $rated ->
        [one] { $rated } rated game
       *[other] { $rated } rated games
    }: { $wins } won, { $draws } drawn, { $losses } lost)
stats-unrated = No rated games in this channel yet.
rating-provisional-note = A rating with ? is provisional: it is still uncertain (after few games, or a long break) and stays off the leaderboard until it settles.
leaderboard-header = Leaderboard for this channel, { $variant }:
leaderboard-none-settled = { $variant }: no rating in this channel has settled yet.
leaderboard-provisional = { $count ->
        [one] { $count } player has a provisional rating (shown with ? in `stats`) and is not listed until it settles.
       *[other] { $count } players have provisional ratings (shown with ? in `stats`) and are not listed until they settle.
    }
leaderboard-line = { $rank }. { $name } — { $rating } ({ $games ->
        [one] { $games } game
       *[other] { $games } games
    }: { $wins }–{ $losses }–{ $draws })
leaderboard-empty = No rated games of { $variant } in this channel yet.

## Settings, rules, help

settings-show = Settings for this channel — language: { $language }, rules: { $variant }.
settings-saved = Saved. Settings for this channel — language: { $language }, rules: { $variant }.
settings-bad-language = The language must be en or fi.
settings-language-unset = not chosen (each person is answered in their own language: { $language } for you)
rules-unknown = I have no rules topic for “{ $text }”. The topics:
help-intro = Tammi plays draughts: English checkers, Italian and International draughts. Type a command as `!tammi <command>`, `/<command>`, or just the word in the console.
help-moves = Move by typing the move as a message: 9-13, 10x17x26 (or 10x26), or squares like c3-d4. Add `draw` to offer a draw with the move.
# One line of the command list in `help`: the command's words (already formatted) and what it does.
help-command-line = { $words } — { $description }

## Reminders and notices

reminder = { $name }, it is your move in game #{ $id } against { $other }. If you do not move within { $time }, { $other } may claim the win.
# Against the bot: nobody claims a win for it, so the game simply waits.
reminder-bot = { $name }, it is your move in game #{ $id } against { $other }. The game waits for you.
abandon-available = { $name }, { $other } has not moved in game #{ $id } for { $time }: you may claim the win with `claim`.

## Buttons and dialogs

btn-accept = Accept
btn-decline = Decline
btn-cancel = Cancel
btn-move = Move
btn-moves = Legal moves
btn-board = Board
btn-offer-draw = Offer draw
btn-accept-draw = Accept draw
btn-decline-draw = Decline draw
btn-resign = Resign
btn-resign-confirm = Yes, resign
btn-accept-undo = Allow take-back
btn-decline-undo = Refuse take-back
btn-rematch = Rematch
btn-claim = Claim
button-not-yours = This button is for someone else.
done = Done.
move-dialog-title = Your move
move-dialog-label = Move (for example 9-13 or 10x17x26)
move-dialog-expired = That dialog is no longer open: press the Move button again, or type your move.

## Summary fields

field-players = Players
field-turn = To move
field-last = Last move
field-result = Result
vs = { $white } vs { $black }
draw-result = draw

## Sides, rules, time

side-red = Red
side-white = White
side-black = Black
variant-english = English checkers
variant-italian = Italian draughts
variant-international = International draughts
# A reply language by its code, as settings show it and Discord's `settings language` choices name it.
language-name-en = English
language-name-fi = Finnish

## Time spans (`game_text.duration`): a count of one unit, two joined by `duration-and`. `$role` is how
## the sentence uses the span: "in" (within it, after it), "for" (did not move for it), "span" (it has
## been); English words do not change with it.
duration-day = { $role ->
   *[other] { $count ->
        [one] { $count } day
       *[other] { $count } days
    }
}
duration-hour = { $role ->
   *[other] { $count ->
        [one] { $count } hour
       *[other] { $count } hours
    }
}
duration-minute = { $role ->
   *[other] { $count ->
        [one] { $count } minute
       *[other] { $count } minutes
    }
}
duration-second = { $role ->
   *[other] { $count ->
        [one] { $count } second
       *[other] { $count } seconds
    }
}
duration-and = { $first } and { $second }

## The text board (render's drawing; the legend and the status line under it)

# `men` is the men's symbols with their sides ("r Red, w White"), `kings` the kings' symbols ("R, W").
board-legend = { $men } ({ $kings } kings)
board-status = { $side } to move
board-status-last = { $side } to move; last move { $last }

## The console

console-intro = Tammi console. Database: { $database }. Type help, or quit to leave.
console-speak-as = Start a line with name> to speak as someone else.
console-private = (to { $name })

## Engine refusal reasons (placeholders come from MoveError.details)

reason-bad-syntax = I can't read it as a move. Write it like 9-13, 10x17x26 or c3-d4.
reason-too-long = the move is longer than any possible move.
reason-not-a-square = that is not a playing square on this board.
reason-no-piece = there is no piece on the starting square.
reason-opponent-piece = that piece belongs to your opponent.
reason-capture-compulsory = capturing is compulsory, and you have a capture.
reason-incomplete = the capture is not finished: the piece must go on capturing.
reason-not-maximum = you must take the capture that takes the most pieces.
reason-must-capture-with-king = with equal captures you must capture with the king.
reason-must-capture-more-kings = with equal captures you must take the one that captures the most kings.
reason-must-meet-king-earlier = with equal captures you must take the one that meets a king first.
reason-man-cannot-capture-king = in Italian draughts a man may not capture a king.
reason-men-not-backward = a man may not move backward.
reason-kings-do-not-fly = in these rules a king moves only one square at a time.
reason-occupied = the landing square is occupied.
reason-not-diagonal = pieces move only diagonally.
reason-too-far = that is too far for this piece.
reason-own-piece = you cannot jump over your own piece.
reason-crowning-ends-move = a man that is crowned during a capture stops there: crowning ends the move (here on { $square }).
reason-game-over = the game is over.
reason-ambiguous = it matches more than one move; write the whole path.
reason-not-legal = that piece cannot go there.

## Commands: descriptions (slash commands, Telegram's menu, `help`)

cmd-tammi = Play draughts (checkers) with Tammi
cmd-challenge = Challenge a player (or anyone) to a game
cmd-accept = Accept a challenge
cmd-decline = Decline a challenge
cmd-cancel = Cancel your challenge
cmd-play = Play against the bot
cmd-move = Make a move, e.g. 9-13 or 10x17x26
cmd-board = Show the board
cmd-moves = List your legal moves
cmd-resign = Resign your game
cmd-draw = Offer, accept or decline a draw
cmd-claim = Claim a draw (repetition, 40-move rule) or a win by abandonment
cmd-undo = Ask to take back your last move
cmd-rematch = Play again with colours swapped
cmd-games = Games in this channel
cmd-pdn = Export your game as PDN
cmd-gif = Replay your game as an animation
cmd-rules = Explain a rule
cmd-stats = Your statistics
cmd-leaderboard = Ratings in this channel
cmd-settings = Channel settings: language, variant, boards
cmd-help = How to play with Tammi

## Commands: option descriptions

opt-challenge-opponent = Who to challenge; empty for an open challenge
opt-challenge-variant = Rules: english, italian or international
opt-challenge-colour = Your colour: random, white or black
opt-challenge-tournament = Tournament rules: a second illegal move attempt loses the game
opt-play-level = Strength 1-5
opt-play-variant = Rules
opt-play-colour = Your colour
opt-move-move = The move
opt-draw-answer = Offer, accept or decline a draw (default: offer)
opt-undo-answer = Ask for a take-back, accept or decline one (default: ask)
opt-games-page = Which page of the list (default: the first)
opt-rules-topic = Topic or question
opt-rules-variant = Rules
opt-stats-player = Whose
opt-leaderboard-variant = Which rules (default: the channel's)
opt-settings-language = The language Tammi answers in here
opt-settings-variant = Default rules

## Commands: option names and choices as shown in slash commands

option-name-opponent = opponent
option-name-variant = variant
option-name-colour = colour
option-name-move = move
option-name-topic = topic
option-name-level = level
option-name-answer = answer
option-name-player = player
option-name-language = language
option-name-page = page
option-name-tournament = tournament
choice-english = english
choice-italian = italian
choice-international = international
choice-random = random
choice-white = white
choice-black = black
choice-draw-offer = Offer a draw
choice-draw-accept = Accept the draw offer
choice-draw-decline = Decline the draw offer
choice-undo-request = Ask to take back your last move
choice-undo-accept = Accept the take-back request
choice-undo-decline = Decline the take-back request

## Words people type, comma-separated. The first word of a command is its name in this language.
## Typed text is read in every language at once.

words-command-challenge = challenge
words-command-accept = accept
words-command-decline = decline
words-command-cancel = cancel
words-command-play = play, bot
words-command-move = move, m
words-command-board = board
words-command-moves = moves
words-command-resign = resign
words-command-draw = draw, offer
words-command-claim = claim
words-command-undo = undo, takeback
words-command-rematch = rematch
words-command-games = games, list
words-command-pdn = pdn
words-command-gif = gif
words-command-rules = rules, rule
words-command-stats = stats
words-command-leaderboard = leaderboard, top, ratings
words-command-settings = settings
words-command-help = help, start
words-accept = accept, yes, y, ok
words-decline = decline, no, n, refuse, reject
words-offer = offer, request
words-open = open, anyone, all
words-tournament = tournament, strict
words-colour-white = white, w
words-colour-black = black, b, red, r
words-colour-random = random, any, toss
# Words after a move that offer a draw with it (`9-13 draw`).
words-draw-suffix = draw, =, (=), offer
# Words in `settings` naming a language, and words it skips.
words-language-en = en, english-language
words-language-fi = fi, finnish
words-settings-filler = language, variant, rules
words-press = press
words-quit = quit, exit, :q
