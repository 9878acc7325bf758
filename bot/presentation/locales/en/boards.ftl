# Boards for everyone (issue 24): a board picture in words, the text board, the menus of moves under a
# board, and which way the boards of a shared channel face. Every message here must also exist in
# fi/boards.ftl with the same placeholders.

## A board picture in words (Discord's attachment description; under the Telegram caption)

# `status` is board-alt-turn or board-alt-over, `last` board-alt-last or board-alt-no-moves, `material`
# board-alt-material.
board-alt = Board of game #{ $id }, { $variant }. { $status }; { $last }. { $material }.
board-alt-turn = { $side } ({ $name }) to move
board-alt-over = Game over: { $result }
board-alt-last = last move { $move }
board-alt-no-moves = no moves yet
# One side's pieces.
board-alt-side = { $side } { $men ->
    [one] 1 man
   *[other] { $men } men
}, { $kings ->
    [one] 1 king
   *[other] { $kings } kings
}
board-alt-material = Pieces: { $first }; { $second }

## The menus of moves under a board (Discord select menus; placeholders of at most 150 characters)

picker-moves = Choose a move for { $side }
picker-pieces = Choose a piece for { $side } to move
# The second step, seen only by the player to move: the moves of the piece chosen.
picker-piece-moves = Moves of the piece on { $square }:
picker-no-moves = The piece on { $square } has no move now.
# A move or a piece chosen on a board that the game has moved past.
board-moved-on = That menu belongs to an earlier position of game #{ $id }. Choose from the newest board.

## `board text`

usage-board = `{ $word } [#number] [text]`
options-board = without a number, your game here (or your last one); `text`: the board as text in a monospace block, for screen readers and slow connections.
words-board-text = text
option-name-text = text
opt-board-text = Show the board as text (for screen readers and slow connections)

## Which way boards face in a shared channel (`settings board fixed|turn`)

# After the settings (`command` is the settings command's word).
settings-board-fixed = Boards here: fixed, each game's first player at the bottom (`{ $command } board turn` turns them to the side to move).
settings-board-turn = Boards here: turned to the side to move (`{ $command } board fixed` keeps each game's first player at the bottom).
settings-board-usage = Say which way the boards here face: `settings board fixed` (each game's first player at the bottom) or `settings board turn` (from the side to move).
usage-settings = `{ $word } [en|fi] [english|italian|international] [board fixed|turn] [tournaments managers|anyone] [live on|off] [threads on|off] [puzzle daily [HH:MM] | puzzle off]`
options-settings = the language Tammi answers in here; the rules of a challenge that names none; `board fixed`: every board of a game is drawn with its first player at the bottom all game long (the default for new channels); `board turn`: each board is drawn from the side to move (as in channels that used Tammi before this setting came); `tournaments managers`: only the channel's managers may open a tournament (anyone may unless set). `live on`: each game keeps one live board, its message edited after every move instead of a new board each time (`bump` or the Bump button posts it again at the bottom; a board whose message was deleted is posted anew); off unless set, in every channel. `threads on` (Discord): each new game gets a thread of its own, made from its challenge when it is accepted, where its moves and notices go (I need the Create Public Threads permission); off unless set. `puzzle daily 09:00`: the puzzle of the day, one puzzle posted here every day at that time (UTC; 09:00 unless given), each one this channel was never shown, from the games played here first; a puzzle still open then ends with its solution; `puzzle off` stops it. In private chats you always see your own side, and against Tammi your side is at the bottom. Only people who manage the channel can change settings; anyone can see them.
words-settings-board = board, boards
words-board-fixed = fixed, still
words-board-turn = turn, turning
option-name-board = board
opt-settings-board = Which way boards face here: fixed, or turned to the side to move
choice-board-turn = Turned to the side to move
choice-board-fixed = Fixed: each game's first player at the bottom
