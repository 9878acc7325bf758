# Puzzles solved in the chat (`puzzle`): bot/chat/puzzles.py, bot/presentation/puzzle_text.py.

words-command-puzzle = puzzle, puzzles
cmd-puzzle = A puzzle to solve: find the winning line
words-puzzle-fen = fen
words-puzzle-give-up = give-up, giveup, solution, give
words-puzzle-show = show, again
words-leaderboard-puzzles = puzzles, puzzle
usage-puzzle = `{ $word } [rules] [fen | give up | <move>]`
options-puzzle = Alone: a new puzzle in this channel's rules (or the one open here, shown again); name the rules for one of theirs (`puzzle italian`). Type your move as in a game, any way a move is written (`11-15`, `11x18`); each answer is judged for whoever sent it, and the first to play the whole line solves it. While it is your turn in a game here, a typed move goes to that game; otherwise it answers the puzzle (`puzzle 11-15` always answers the puzzle). `fen`: the position as FEN; `give up`: the solution, and the puzzle ends. Your puzzle rating is in `stats`; the best solvers in `leaderboard puzzles`. On Discord the command is `/puzzle` (not under `/tammi`), with a `move` option to answer. A channel's managers can have a puzzle posted every day: `settings puzzle daily 09:00`. A review's turning point that is a puzzle has a button to try it.
opt-puzzle-variant = The rules of a new puzzle
opt-puzzle-action = Show it, its FEN, or give up
opt-puzzle-move = Your answer: a move, written as in a game
option-name-action = action
choice-puzzle-show = Show the puzzle
choice-puzzle-fen = Its position as FEN
choice-puzzle-give-up = Give up: show the solution

puzzle-title = Puzzle #{ $id } ({ $variant }): { $task }
puzzle-task-win = { $side } to play and win
puzzle-task-gain = { $side } to play and win { $men }
puzzle-men-1 = a man
puzzle-men-2 = two men
puzzle-men-3 = three men
puzzle-men-4 = four men
puzzle-men = { $count } men
# a puzzle found in one of the channel's own games
puzzle-from-game = From { $white } vs { $black } (game #{ $game }), move { $move }.
puzzle-about = { $theme }, difficulty { $difficulty } of 5, rated { $rating }.
puzzle-theme-shot = A shot
puzzle-theme-breakthrough = A breakthrough to a king
puzzle-theme-king-trap = A king trap
puzzle-theme-endgame = An endgame win
puzzle-theme-none = A combination
puzzle-how = Type your move as in a game; `{ $command } { $give_up }` shows the solution.
puzzle-again = Puzzle #{ $id } is still open here: solve it, or end it with `{ $command } { $give_up }`, before a new one.
puzzle-your-step = { $name }, you are on move { $step } of { $moves } of this line: your move.
puzzle-had-try = { $name }, you have had your try at this one: the others may still solve it.
puzzle-fen = Puzzle #{ $id } as FEN ({ $variant }): `{ $fen }`
puzzle-right = { $name }: { $move } is right! The answer { $reply } is forced: your move.
puzzle-solved = { $name } solved puzzle #{ $id }! The line: { $line }.
puzzle-wrong = { $name }: { $move } is not it.
puzzle-refutation = It fails to { $line }.
puzzle-refutation-down = It fails to { $line }, and { $side } is { $men } down.
puzzle-solution = The solution: { $line }.
puzzle-open-for-others = Puzzle #{ $id } stays open for the others.
puzzle-gave-up = { $name } gave up puzzle #{ $id }. The solution: { $line }.
puzzle-progress = Your puzzle rating ({ $variant }): { $rating } ({ $change }); { $solved } solved, { $failed } failed, { $streak } in a row.
puzzle-unplayable = { $move } cannot be played in puzzle #{ $id }: { $reason }
puzzle-unplayable-moves = The moves there: { $moves }
puzzle-tried = You have had your try at puzzle #{ $id }: the others may still solve it, or it ends with `puzzle give up`.
puzzle-ended = Puzzle #{ $id } has just ended: `puzzle` for a new one.
puzzle-solved-by = { $name } has just solved puzzle #{ $id }, before your answer came: `puzzle` for a new one.
puzzle-moved-on = Puzzle #{ $id }: another answer of yours came first. `puzzle` shows where you are.
puzzle-not-open = No puzzle is open here: `puzzle` starts one.
puzzle-none-for-variant = I have no puzzles of { $rules } yet.
puzzle-usage = Write `puzzle`, `puzzle <rules>`, `puzzle fen`, `puzzle give up` or `puzzle <move>`.
puzzle-alt = The puzzle's position, { $side } to move, seen from { $side }'s side.
puzzle-alt-solution = The puzzle's position with its solution drawn as arrows: { $line }.

stats-puzzles = Puzzles in this channel:
stats-puzzle = { $variant }: rating { $rating }, { $solved } solved, { $failed } failed, { $streak } in a row (best { $best })
puzzle-leaderboard-header = Best puzzle solvers in this channel, { $variant }:
puzzle-leaderboard-line = { $rank }. { $name } — { $rating } ({ $solved } solved, { $failed } failed)
puzzle-provisional = A rating with ? is provisional: still uncertain after the first few puzzles.
puzzle-leaderboard-empty = Nobody has solved or failed a puzzle of { $variant } here yet: `puzzle` starts one.

## A review's turning points as puzzles
# the button under a turning point whose position before is a puzzle
review-try-puzzle = Try move { $number } as a puzzle
puzzle-not-kept = Game #{ $id }, move { $move }: there is no puzzle of that position.
