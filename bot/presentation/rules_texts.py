"""The rules texts Tammi shows in chat, in English and Finnish, for each variant.

Written for this project from /work/shared/RULES.md and the Finnish seed texts. Plain text (no Markdown),
each topic short enough for one chat message. `bot.presentation.rules_help` assembles and looks them up.
"""

from __future__ import annotations

Lang = str
Topic = str
Variant = str

VARIANTS: tuple[Variant, ...] = ("english", "italian", "international")

TITLES: dict[Lang, dict[Topic, str]] = {
    "en": {
        "setup": "Setup",
        "moves": "Moves",
        "captures": "Captures",
        "sequences": "Capture sequences",
        "kings": "Kings and promotion",
        "end": "End of the game",
        "draws": "Draws",
        "notation": "Notation",
        "differences": "Differences between the variants",
        "strategy": "Strategy tips",
    },
    "fi": {
        "setup": "Alkuasetelma",
        "moves": "Siirrot",
        "captures": "Lyönnit",
        "sequences": "Lyöntisarjat",
        "kings": "Kuninkaat ja kruunaus",
        "end": "Pelin päättyminen",
        "draws": "Tasapeli",
        "notation": "Merkintätapa",
        "differences": "Muunnelmien erot",
        "strategy": "Strategiavinkit",
    },
}

SUMMARIES: dict[Lang, dict[Topic, str]] = {
    "en": {
        "setup": "board, pieces, who moves first",
        "moves": "how men and kings move",
        "captures": "jumping, compulsory capture, which capture to choose",
        "sequences": "several jumps in one move",
        "kings": "promotion and what kings can do",
        "end": "how a game is won or lost",
        "draws": "agreement, repetition and move-count rules",
        "notation": "how to type moves to the bot",
        "differences": "English vs Italian vs International",
        "strategy": "a few tips to play better",
    },
    "fi": {
        "setup": "lauta, nappulat ja aloittaja",
        "moves": "miten nappulat ja kuninkaat liikkuvat",
        "captures": "hyppääminen, lyöntipakko ja lyönnin valinta",
        "sequences": "monta lyöntiä yhdellä siirrolla",
        "kings": "kruunaus ja kuninkaan liikkeet",
        "end": "miten peli voitetaan tai hävitään",
        "draws": "sopiminen, toisto ja siirtorajat",
        "notation": "miten siirrot kirjoitetaan botille",
        "differences": "englantilainen, italialainen ja kansainvälinen",
        "strategy": "muutama vinkki parempaan peliin",
    },
}

VARIANT_TITLES: dict[Lang, dict[Variant, str]] = {
    "en": {
        "english": "English checkers",
        "italian": "Italian draughts",
        "international": "International draughts",
    },
    "fi": {
        "english": "englantilainen tammi",
        "italian": "italialainen tammi",
        "international": "kansainvälinen tammi",
    },
}

LIST_HEADER: dict[Lang, str] = {
    "en": "Rules topics ({variant}):",
    "fi": "Sääntöaiheet ({variant}):",
}

LIST_FOOTER: dict[Lang, str] = {
    "en": (
        "Ask with rules and a number, a topic or a question, e.g. rules 5 or rules can kings fly?\n"
        "For other rules name the variant: rules kings {example}."
    ),
    "fi": (
        "Kysy: rules ja numero, aihe tai kysymys, esim. rules 5 tai rules pitääkö lyödä?\n"
        "Muiden sääntöjen mukaan: lisää muunnelma, esim. rules kuninkaat {example}."
    ),
}

DIFFERENCES_FOOTER: dict[Lang, str] = {
    "en": "For one variant's full rules, name it: rules kings {example}.",
    "fi": "Yhden muunnelman säännöt saat nimeämällä sen: rules kuninkaat {example}.",
}

# ---------------------------------------------------------------------------------------------------
# English

_EN: dict[Topic, dict[Variant, str]] = {
    "setup": {
        "english": (
            "• The board is 8x8 and play uses only its 32 dark squares. Each player has a dark square in "
            "the near left-hand corner (a1 is dark).\n"
            "• Each side has 12 men on the dark squares of its first three rows; the two middle rows "
            "start empty.\n"
            "• The squares are numbered 1-32 row by row, left to right, from the top: Red starts on "
            "1-12, White on 21-32.\n"
            "• Red (the dark side) moves first. Its seven possible first moves are 9-13, 9-14, 10-14, "
            "10-15, 11-15, 11-16 and 12-16.\n"
            "• Red's men head for 29-32, White's for 1-4; a man that gets there becomes a king."
        ),
        "italian": (
            "• The board is 8x8 and play uses only its 32 dark squares. It is mirrored compared with "
            "English checkers: each player has a dark square in the near right-hand corner (h1 is dark), "
            "so the long diagonal starts at your right.\n"
            "• Each side has 12 men on the dark squares of its first three rows; the two middle rows "
            "start empty.\n"
            "• The squares are numbered 1-32 row by row, left to right, from the top: Black starts on "
            "1-12, White on 21-32.\n"
            "• White moves first, for example 22-19 or 21-17 (there are seven possible first moves).\n"
            "• White's men head for 1-4, Black's for 29-32; a man that gets there becomes a king."
        ),
        "international": (
            "• The board is 10x10 and play uses only its 50 dark squares. Each player has a dark square "
            "in the near left-hand corner (a1 is dark).\n"
            "• Each side has 20 men on the dark squares of its first four rows; the two middle rows "
            "start empty.\n"
            "• The squares are numbered 1-50 row by row, left to right, from the top: Black starts on "
            "1-20, White on 31-50.\n"
            "• White moves first, for example 32-28 or 33-28. The nine possible first moves are 31-26, "
            "31-27, 32-27, 32-28, 33-28, 33-29, 34-29, 34-30 and 35-30.\n"
            "• White's men head for 1-5, Black's for 46-50; a man whose move ends there becomes a king."
        ),
    },
    "moves": {
        "english": (
            "• On your turn you move one piece; you may not pass.\n"
            "• A man moves one square diagonally forward to an empty square: Red towards 29-32, White "
            "towards 1-4. Men never go backward, not even to capture.\n"
            "• A king moves one square diagonally in any direction, forward or backward.\n"
            "• You may not move onto an occupied square or jump your own pieces; an enemy piece can only "
            "be passed by capturing it.\n"
            "• If any of your pieces can capture, you must capture instead (see captures).\n"
            "• If you have no legal move, you lose.\n"
            "Example: at the start Red may play 9-13 or 9-14, but not 9-18: that is two squares."
        ),
        "italian": (
            "• On your turn you move one piece; you may not pass.\n"
            "• A man moves one square diagonally forward to an empty square: White towards 1-4, Black "
            "towards 29-32. Men never go backward, not even to capture.\n"
            "• A king moves one square diagonally in any direction, forward or backward.\n"
            "• You may not move onto an occupied square or jump your own pieces; an enemy piece can only "
            "be passed by capturing it.\n"
            "• If any of your pieces can capture, you must capture instead (see captures).\n"
            "• If you have no legal move, you lose.\n"
            "Example: at the start White may play 22-19 or 22-18, but not 22-15: that is two squares."
        ),
        "international": (
            "• On your turn you move one piece; you may not pass.\n"
            "• A man moves one square diagonally forward to an empty square: White towards 1-5, Black "
            "towards 46-50. A man never moves backward, but it may capture backward (see captures).\n"
            "• A king flies: it moves any number of squares along an empty diagonal, forward or "
            "backward.\n"
            "• You may not move onto an occupied square or over your own pieces; an enemy piece can only "
            "be passed by capturing it.\n"
            "• If any of your pieces can capture, you must capture instead (see captures).\n"
            "• If you have no legal move, you lose.\n"
            "Example: at the start White may play 32-28 or 32-27, but not 32-23: that is two squares."
        ),
    },
    "captures": {
        "english": (
            "• A piece captures by jumping diagonally over an adjacent enemy piece onto the empty square "
            "just behind it. The jumped piece is removed.\n"
            "• Men capture forward only; kings capture forward and backward. A man may capture a king.\n"
            "• Capturing is compulsory for your whole side: if any of your pieces can capture, you must "
            "capture.\n"
            "• If several captures are possible, you choose freely: taking one piece is as legal as "
            "taking three. But the capture you choose must be completed (see sequences).\n"
            "Example: Red man on 10, White men on 14, 15 and 22. Red must capture and may choose "
            "10x17x26 (two pieces) or 10x19 (one piece). Stopping on 17 is not allowed."
        ),
        "italian": (
            "• A piece captures by jumping diagonally over an adjacent enemy piece onto the empty square "
            "just behind it. The jumped piece is removed.\n"
            "• Men capture forward only, and men cannot capture kings: only a king can capture a king.\n"
            "• Capturing is compulsory: if any of your pieces can capture, you must capture.\n"
            "• When there is a choice, these rules decide, in order:\n"
            "  1. take the most pieces;\n"
            "  2. if equal, capture with a king rather than a man;\n"
            "  3. if still equal, take the most kings;\n"
            "  4. if still equal, take the sequence that meets a king earliest.\n"
            "  Any remaining tie: free choice.\n"
            "Example: White men on 29 and 31, Black men on 19, 26 and 28: only 29x22x15 (two pieces) is "
            "legal, not 31x24 (one).\n"
            "Example: a White man on 22 may not capture a Black king on 18, so White plays 22-19."
        ),
        "international": (
            "• A piece captures by jumping diagonally over an enemy piece onto an empty square beyond "
            "it. Captured pieces are removed when the move ends.\n"
            "• Men capture forward and backward (though they move only forward). A man may capture a "
            "king. Kings capture from a distance (see kings).\n"
            "• Capturing is compulsory: if any of your pieces can capture, you must capture.\n"
            "• Maximum capture: you must choose a sequence that takes the most pieces. Kings and men "
            "count the same. Among sequences that take equally many, you choose freely.\n"
            "Example: White man on 28, Black men on 22, 33 and 44. 28x17 would take one piece, but "
            "28x39x50 takes two (backward!), so 28x39x50 is the only legal move."
        ),
    },
    "sequences": {
        "english": (
            "• If, after a jump, the same piece can jump again, it must go on: the whole chain is one "
            "move. You may not stop halfway or switch to another piece.\n"
            "• No piece may be jumped twice in one move. Jumped pieces are removed when the move ends.\n"
            "• You need not pick the longest chain, but you must finish the one you start.\n"
            "• Crowning ends the move: a man that reaches the far row during a capture becomes a king and "
            "stops there, even if it could jump on as a king.\n"
            "Example: Red man on 10, White men on 14, 15 and 22: 10x17x26 takes two; stopping on 17 is "
            "not allowed.\n"
            "Example: Red man on 22, White men on 26 and 27: 22x31 crowns the man, and it may not jump "
            "back over 27 in the same move.\n"
            "Type a chain with every landing square (10x17x26) or just its start and end (10x26)."
        ),
        "italian": (
            "• If, after a jump, the same piece can jump again, it must go on: the whole chain is one "
            "move. You may not stop halfway or switch to another piece.\n"
            "• No piece may be jumped twice in one move. Jumped pieces are removed when the move ends.\n"
            "• The choice rules (most pieces, then with a king, most kings, earliest king) compare whole "
            "chains, so count every jump to the end.\n"
            "• Crowning ends the move: a man that reaches the far row during a capture becomes a king and "
            "stops there.\n"
            "Example: White men on 29 and 31, Black men on 19, 26 and 28: 29x22x15 is compulsory because "
            "it takes two; 31x24 takes only one.\n"
            "Example: White king on 18, Black kings on 7 and 13, Black men on 5 and 14. 18x9x2 and "
            "18x11x4 each take a king and a man, but 18x9x2 meets a king first, so only it is legal.\n"
            "Type a chain with every landing square (29x22x15) or just its start and end (29x15)."
        ),
        "international": (
            "• If, after a jump, the same piece can jump again, it must go on: the whole chain is one "
            "move. You may not stop halfway or switch to another piece.\n"
            "• No piece may be jumped twice. Jumped pieces stay on the board until the move ends, so "
            "they still block the way (this matters for flying kings).\n"
            "• Maximum capture compares whole chains: count every jump to the end.\n"
            "• A man that passes over the far row during a capture stays a man and keeps capturing; it "
            "is crowned only if the move ends there.\n"
            "Example: White man on 13, Black men on 7 and 8: White plays 13x2x11. The man touches square "
            "2 on the far row but goes on to 11 and stays a man.\n"
            "Type a chain with every landing square (13x2x11) or just its start and end (13x11)."
        ),
    },
    "kings": {
        "english": (
            "• A man that reaches the far row becomes a king: Red on 29-32, White on 1-4. Crowning ends "
            "the move, even in the middle of a capture.\n"
            "• A king moves one square diagonally in any direction, forward or backward, and captures "
            "the same way: over an adjacent piece onto the empty square just behind it.\n"
            "• Kings do not fly: a Red king on 19 cannot capture a White piece on 10 across the empty "
            "square 15; it can only step, for example 19-15.\n"
            "• Kings must capture when they can, like men, and a man may capture a king.\n"
            "Example: Red king on 18, White man on 14: 18x9 captures backward, which a man could not do.\n"
            "A king is worth roughly one and a half men."
        ),
        "italian": (
            "• A man that reaches the far row becomes a king: Black on 29-32, White on 1-4. Crowning "
            "ends the move, even in the middle of a capture.\n"
            "• A king moves and captures one square diagonally in any direction; kings do not fly.\n"
            "• Men cannot capture kings: only a king can capture a king.\n"
            "• When choosing among captures, capturing with a king comes before capturing with a man, "
            "and taking more kings comes before taking fewer (see captures).\n"
            "Example: White king on 17, White man on 29, Black men on 13 and 26. 17x10 and 29x22 each "
            "take one piece, but the king must be the one to capture, so only 17x10 is legal.\n"
            "A king is worth more than one man, and here it is also safe from men."
        ),
        "international": (
            "• A man becomes a king only when its move ends on the far row (White: 1-5, Black: 46-50). "
            "A man that only passes over it during a capture stays a man.\n"
            "• Kings fly: a king moves any distance along an empty diagonal, forward or backward. A man "
            "may capture a king.\n"
            "• A king captures a piece any distance away on its diagonal if the squares between are "
            "empty, and may land on any empty square beyond it, up to the next piece. From there it may "
            "go on capturing in another direction.\n"
            "• Maximum capture still applies, and it can decide where the king must land.\n"
            "Example: White king on 46, Black men on 28 and 24: the king jumps 28 and must land on 19 to "
            "reach 24, then may stop on 30 or 35: 46x19x30 or 46x19x35.\n"
            "A flying king is worth about three men."
        ),
    },
    "end": {
        "english": (
            "• You win when your opponent has no legal move on their turn: all their pieces are captured "
            "or all are blocked. You also win if they resign.\n"
            "• Material does not count: there are no points, and a blocked player loses even with more "
            "pieces.\n"
            "Example: Red man on 13, White men on 17 and 22, Red to move. The man cannot step to 17 or "
            "jump to 22 (both are taken), so White has won.\n"
            "• A draw comes by agreement or by a claim under the repetition or 40-move rule (see draws). "
            "Two lone kings do not end the game by themselves.\n"
            "In chat: resign with the resign command; offer, accept or decline a draw with the draw "
            "command. Making a move declines an offer."
        ),
        "italian": (
            "• You win when your opponent has no legal move on their turn: all their pieces are captured "
            "or all are blocked. You also win if they resign.\n"
            "• Material does not count: there are no points, and a blocked player loses even with more "
            "pieces.\n"
            "Example: White man on 32, Black men on 28 and 23, White to move. The man cannot step to 28 "
            "or jump to 23 (both are taken), so Black has won.\n"
            "• A draw comes by agreement, or automatically by threefold repetition or 40 moves each "
            "without a capture or a man move (see draws).\n"
            "In chat: resign with the resign command; offer, accept or decline a draw with the draw "
            "command. Making a move declines an offer."
        ),
        "international": (
            "• You win when your opponent has no legal move on their turn: all their pieces are captured "
            "or all are blocked. You also win if they resign.\n"
            "• Material does not count: there are no points, and a blocked player loses even with more "
            "pieces.\n"
            "Example: White man on 46, Black men on 41 and 37, White to move. The man cannot step to 41 "
            "or jump to 37 (both are taken), so Black has won.\n"
            "• A draw comes by agreement, or automatically by threefold repetition, 25 king-only moves "
            "each, or the 16- and 5-move endgame rules (see draws).\n"
            "In chat: resign with the resign command; offer, accept or decline a draw with the draw "
            "command. Making a move declines an offer."
        ),
    },
    "draws": {
        "english": (
            "• By agreement: a player offers a draw after making a move. The offer stands until the "
            "opponent accepts or declines it; making a move declines it.\n"
            "• Other draws are claims: the game never ends by itself, a player has to claim.\n"
            "• Threefold repetition: you may claim when the same position (all pieces and the same side "
            "to move) occurs for the third time, or your next move would make it so.\n"
            "• 40-move rule: you may claim when, in the last 40 moves of each player (80 turns in all), "
            "no man has moved and nothing has been captured. 40 turns in total are not enough.\n"
            "• Having only kings left is not automatically a draw: play on, agree or claim.\n"
            "In chat: claim with the claim command."
        ),
        "italian": (
            "• By agreement: a player offers a draw after making a move. The offer stands until the "
            "opponent accepts or declines it; making a move declines it.\n"
            "The game is also drawn automatically:\n"
            "• Threefold repetition: the same position (all pieces and the same side to move) occurs "
            "for the third time.\n"
            "• No progress: 40 moves by each side (80 turns in a row) pass with no capture and no man "
            "move.\n"
            "Nothing needs to be claimed: the game ends by itself."
        ),
        "international": (
            "• By agreement: a player offers a draw after making a move. The offer stands until the "
            "opponent accepts or declines it; making a move declines it.\n"
            "The game is also drawn automatically:\n"
            "• Threefold repetition: the same position with the same side to move occurs for the third "
            "time.\n"
            "• 25-move rule: for 25 moves of each side (50 turns in all) only kings have moved and "
            "nothing has been captured.\n"
            "• 16-move rule: three pieces, at least one a king, against a lone king: drawn after 16 "
            "moves of each side.\n"
            "• 5-move rule: two pieces or one, at least one a king, against a lone king: drawn after 5 "
            "moves of each side.\n"
            "Nothing needs to be claimed: the game ends by itself."
        ),
    },
    "notation": {
        "english": (
            "How to type moves:\n"
            "• Squares are numbered 1-32 row by row from the top left, with White at the bottom.\n"
            "• A plain move is start-end: 9-13.\n"
            "• A capture lists every landing square, separated by x: 10x17x26. This full path is how "
            "the bot writes captures.\n"
            "• Shortcuts, when only one legal move fits: start and end (10x26), the start of the path "
            "(10x17), or - instead of x (10-26).\n"
            "• Algebraic squares work too: files a-h from the left, ranks 1-8 from the bottom, so 9-13 "
            "is b6-a5 and 22-18 is c3-d4.\n"
            "• If your text fits several moves, the bot lists them; if it fits none, the bot says which "
            "rule it breaks. The moves command lists all your legal moves."
        ),
        "italian": (
            "How to type moves:\n"
            "• Squares are numbered 1-32 row by row from the top left, with White at the bottom; the "
            "board is mirrored, so 1 is a8 and 32 is h1.\n"
            "• A plain move is start-end: 22-19.\n"
            "• A capture lists every landing square, separated by x: 29x22x15. This full path is how "
            "the bot writes captures.\n"
            "• Shortcuts, when only one legal move fits: start and end (29x15), the start of the path "
            "(29x22), or - instead of x (29-15).\n"
            "• Algebraic squares work too: files a-h from the left, ranks 1-8 from the bottom, so 22-19 "
            "is d3-e4.\n"
            "• If your text fits several moves, the bot lists them; if it fits none, the bot says which "
            "rule it breaks. The moves command lists all your legal moves."
        ),
        "international": (
            "How to type moves:\n"
            "• Squares are numbered 1-50 row by row from the top left, with White at the bottom.\n"
            "• A plain move is start-end: 32-28.\n"
            "• A capture lists every landing square, separated by x: 28x39x50. This full path is how "
            "the bot writes captures.\n"
            "• Shortcuts, when only one legal move fits: start and end (28x50), the start of the path "
            "(28x39), or - instead of x (28-50).\n"
            "• Algebraic squares work too: files a-j from the left, ranks 1-10 from the bottom, so 32-28 "
            "is d4-e5.\n"
            "• If your text fits several moves, the bot lists them; if it fits none, the bot says which "
            "rule it breaks. The moves command lists all your legal moves."
        ),
    },
    "strategy": {
        "english": (
            "• Hold the centre (14, 15, 18, 19): central men support each other and have more moves. "
            "A man on the edge is safe from one side but slow.\n"
            "• Keep your back row as long as you can; it stops enemy crowning. Many players keep two "
            "men at home (Red 1 and 3, White 30 and 32) until late in the middlegame.\n"
            "• Use compulsory capture: a sacrifice can force an enemy man onto a square from which you "
            "take two or three. Before each move, check what you would be forced to capture next.\n"
            "• Keep your men together; lone men get picked off.\n"
            "• Trade pieces when you are ahead. A king is worth about one and a half men.\n"
            "• In the endgame count tempo: with few pieces left, whoever must step into reach first "
            "loses. Chase loose men with your kings."
        ),
        "italian": (
            "• Hold the centre (14, 15, 18, 19): central men support each other and have more moves. "
            "A man on the edge is safe from one side but slow.\n"
            "• Keep two men on your back row as long as you can; they stop enemy crowning.\n"
            "• The capture rules are strict, so captures can be forced: a sacrifice can pull an enemy "
            "man onto a square from which you take two or three. Before each move, check what you "
            "would be forced to capture next.\n"
            "• Keep your men together; lone men get picked off.\n"
            "• Trade pieces when you are ahead. A king is worth about one and a half men, and more "
            "here, since men cannot capture it.\n"
            "• In the endgame count tempo: whoever must step into reach first loses."
        ),
        "international": (
            "• Hold the centre (around 22, 23, 27, 28, 29): central men support each other and keep "
            "options open. Men stuck on the edge are slow.\n"
            "• Keep your men in connected chains and do not run ahead alone; a gap lets the opponent "
            "break through.\n"
            "• Maximum capture forces replies, so combinations (shots) are everywhere: a sacrifice can "
            "steer the opponent's compulsory capture and open a long capture for you. Always check "
            "what each side would be forced to take next.\n"
            "• Keep some back-row men for defence, but do not fall behind in development.\n"
            "• Trade when you are ahead. A flying king is worth about three men, so a breakthrough "
            "often decides the game.\n"
            "• Count tempo: in closed positions the side that runs out of safe moves loses."
        ),
    },
}

_EN_DIFFERENCES = (
    "• Board: English and Italian are 8x8 with 12 men each (Italian mirrored, dark corner at the "
    "right); International is 10x10 with 20 men each.\n"
    "• First move: Red in English, White in Italian and International.\n"
    "• Men capturing backward: only in International.\n"
    "• Men capturing kings: allowed, except in Italian.\n"
    "• Kings: one square at a time in English and Italian; flying (any distance) in International.\n"
    "• Which capture: free choice in English; Italian: most pieces, then with a king, most kings, "
    "earliest king; International: most pieces.\n"
    "• Crowning: in English and Italian it ends the move; in International a man is crowned only if "
    "the move ends on the far row.\n"
    "• Draws: English by claim (repetition, 40 moves each); Italian automatic (repetition, 40 moves "
    "each with no capture or man move); International automatic (repetition, 25 king-only moves "
    "each, 16- and 5-move endgames)."
)

# ---------------------------------------------------------------------------------------------------
# Finnish

_FI: dict[Topic, dict[Variant, str]] = {
    "setup": {
        "english": (
            "• Lauta on 8x8, ja pelataan vain sen 32 tummalla ruudulla. Kummallakin pelaajalla on "
            "tumma ruutu lähimmässä vasemmassa kulmassa (a1 on tumma).\n"
            "• Kummallakin on 12 nappulaa kolmen ensimmäisen rivinsä tummilla ruuduilla; kaksi "
            "keskiriviä jää tyhjiksi.\n"
            "• Ruudut numeroidaan 1-32 riveittäin vasemmalta oikealle ja ylhäältä alas: punaiset ovat "
            "aluksi ruuduissa 1-12, valkoiset ruuduissa 21-32.\n"
            "• Punainen (tumma puoli) aloittaa. Sen seitsemän mahdollista avaussiirtoa ovat 9-13, 9-14, "
            "10-14, 10-15, 11-15, 11-16 ja 12-16.\n"
            "• Punaiset etenevät kohti ruutuja 29-32, valkoiset kohti ruutuja 1-4; perille päässyt "
            "nappula kruunataan kuninkaaksi."
        ),
        "italian": (
            "• Lauta on 8x8, ja pelataan vain sen 32 tummalla ruudulla. Lauta on englantilaisen "
            "peilikuva: tumma ruutu on kummankin pelaajan lähimmässä oikeassa kulmassa (h1 on tumma), "
            "joten pitkä lävistäjä alkaa oikealta.\n"
            "• Kummallakin on 12 nappulaa kolmen ensimmäisen rivinsä tummilla ruuduilla; kaksi "
            "keskiriviä jää tyhjiksi.\n"
            "• Ruudut numeroidaan 1-32 riveittäin vasemmalta oikealle ja ylhäältä alas: mustat ovat "
            "aluksi ruuduissa 1-12, valkoiset ruuduissa 21-32.\n"
            "• Valkoinen aloittaa, esimerkiksi 22-19 tai 21-17 (avaussiirtoja on seitsemän).\n"
            "• Valkoiset etenevät kohti ruutuja 1-4, mustat kohti ruutuja 29-32; perille päässyt "
            "nappula kruunataan kuninkaaksi."
        ),
        "international": (
            "• Lauta on 10x10, ja pelataan vain sen 50 tummalla ruudulla. Kummallakin pelaajalla on "
            "tumma ruutu lähimmässä vasemmassa kulmassa (a1 on tumma).\n"
            "• Kummallakin on 20 nappulaa neljän ensimmäisen rivinsä tummilla ruuduilla; kaksi "
            "keskiriviä jää tyhjiksi.\n"
            "• Ruudut numeroidaan 1-50 riveittäin vasemmalta oikealle ja ylhäältä alas: mustat ovat "
            "aluksi ruuduissa 1-20, valkoiset ruuduissa 31-50.\n"
            "• Valkoinen aloittaa, esimerkiksi 32-28 tai 33-28. Avaussiirtoja on yhdeksän: 31-26, "
            "31-27, 32-27, 32-28, 33-28, 33-29, 34-29, 34-30 ja 35-30.\n"
            "• Valkoiset etenevät kohti ruutuja 1-5, mustat kohti ruutuja 46-50; nappula, jonka siirto "
            "päättyy perille, kruunataan kuninkaaksi."
        ),
    },
    "moves": {
        "english": (
            "• Vuorollasi siirrät yhtä nappulaa; vuoroa ei saa jättää väliin.\n"
            "• Tavallinen nappula siirtyy yhden ruudun vinottain eteenpäin tyhjään ruutuun: punainen "
            "kohti ruutuja 29-32, valkoinen kohti ruutuja 1-4. Se ei koskaan liiku taaksepäin, ei "
            "edes lyödessään.\n"
            "• Kuningas siirtyy yhden ruudun vinottain mihin suuntaan tahansa, myös taaksepäin.\n"
            "• Varattuun ruutuun ei saa siirtyä eikä oman nappulan yli saa hypätä; vastustajan "
            "nappulan ohi pääsee vain lyömällä sen.\n"
            "• Jos jokin nappulasi voi lyödä, sinun on lyötävä (ks. lyönnit).\n"
            "• Jos sinulla ei ole yhtään sallittua siirtoa, häviät.\n"
            "Esimerkki: alussa punainen voi pelata 9-13 tai 9-14, mutta ei 9-18, sillä se olisi kaksi "
            "ruutua."
        ),
        "italian": (
            "• Vuorollasi siirrät yhtä nappulaa; vuoroa ei saa jättää väliin.\n"
            "• Tavallinen nappula siirtyy yhden ruudun vinottain eteenpäin tyhjään ruutuun: valkoinen "
            "kohti ruutuja 1-4, musta kohti ruutuja 29-32. Se ei koskaan liiku taaksepäin, ei edes "
            "lyödessään.\n"
            "• Kuningas siirtyy yhden ruudun vinottain mihin suuntaan tahansa, myös taaksepäin.\n"
            "• Varattuun ruutuun ei saa siirtyä eikä oman nappulan yli saa hypätä; vastustajan "
            "nappulan ohi pääsee vain lyömällä sen.\n"
            "• Jos jokin nappulasi voi lyödä, sinun on lyötävä (ks. lyönnit).\n"
            "• Jos sinulla ei ole yhtään sallittua siirtoa, häviät.\n"
            "Esimerkki: alussa valkoinen voi pelata 22-19 tai 22-18, mutta ei 22-15, sillä se olisi "
            "kaksi ruutua."
        ),
        "international": (
            "• Vuorollasi siirrät yhtä nappulaa; vuoroa ei saa jättää väliin.\n"
            "• Tavallinen nappula siirtyy yhden ruudun vinottain eteenpäin tyhjään ruutuun: valkoinen "
            "kohti ruutuja 1-5, musta kohti ruutuja 46-50. Se ei siirry taaksepäin, mutta saa lyödä "
            "taaksepäin (ks. lyönnit).\n"
            "• Kuningas lentää: se liikkuu vapaata vinoriviä pitkin kuinka monta ruutua tahansa, "
            "eteen tai taakse.\n"
            "• Varattuun ruutuun ei saa siirtyä eikä oman nappulan yli saa kulkea; vastustajan "
            "nappulan ohi pääsee vain lyömällä sen.\n"
            "• Jos jokin nappulasi voi lyödä, sinun on lyötävä (ks. lyönnit).\n"
            "• Jos sinulla ei ole yhtään sallittua siirtoa, häviät.\n"
            "Esimerkki: alussa valkoinen voi pelata 32-28 tai 32-27, mutta ei 32-23, sillä se olisi "
            "kaksi ruutua."
        ),
    },
    "captures": {
        "english": (
            "• Nappula lyö (syö) hyppäämällä vinottain viereisen vastustajan nappulan yli sen takana "
            "olevaan tyhjään ruutuun. Lyöty nappula poistetaan.\n"
            "• Tavallinen nappula lyö vain eteenpäin, kuningas myös taaksepäin. Tavallinen nappula saa "
            "lyödä kuninkaan.\n"
            "• Lyöntipakko koskee kaikkia nappuloitasi: jos yksikin voi lyödä, sinun on lyötävä.\n"
            "• Jos lyöntejä on useita, saat valita vapaasti: yhden nappulan lyönti on yhtä sallittu "
            "kuin kolmen. Valittu lyönti on kuitenkin vietävä loppuun (ks. lyöntisarjat).\n"
            "Esimerkki: punainen nappula ruudussa 10, valkoiset ruuduissa 14, 15 ja 22. Punaisen on "
            "lyötävä, ja se voi valita 10x17x26 (kaksi nappulaa) tai 10x19 (yksi). Pysähtyminen "
            "ruutuun 17 ei ole sallittua."
        ),
        "italian": (
            "• Nappula lyö (syö) hyppäämällä vinottain viereisen vastustajan nappulan yli sen takana "
            "olevaan tyhjään ruutuun. Lyöty nappula poistetaan.\n"
            "• Tavallinen nappula lyö vain eteenpäin, eikä se saa lyödä kuningasta: kuninkaan voi "
            "lyödä vain kuningas.\n"
            "• Lyöminen on pakollista: jos jokin nappulasi voi lyödä, sinun on lyötävä.\n"
            "• Jos vaihtoehtoja on useita, ratkaisee järjestyksessä:\n"
            "  1. eniten nappuloita lyövä;\n"
            "  2. tasatilanteessa kuninkaalla tehty lyönti;\n"
            "  3. sitten se, joka lyö eniten kuninkaita;\n"
            "  4. sitten se, joka kohtaa kuninkaan aikaisimmin.\n"
            "  Muuten saat valita.\n"
            "Esimerkki: valkoiset ruuduissa 29 ja 31, mustat ruuduissa 19, 26 ja 28: vain 29x22x15 "
            "(kaksi nappulaa) on sallittu, ei 31x24 (yksi).\n"
            "Esimerkki: valkoinen nappula ruudussa 22 ei saa lyödä mustaa kuningasta ruudussa 18, "
            "joten valkoinen pelaa 22-19."
        ),
        "international": (
            "• Nappula lyö hyppäämällä vinottain vastustajan nappulan yli tyhjään ruutuun sen takana. "
            "Lyödyt nappulat poistetaan, kun siirto päättyy.\n"
            "• Tavalliset nappulat lyövät eteen- ja taaksepäin (vaikka siirtyvät vain eteenpäin). "
            "Nappula saa lyödä kuninkaan. Kuningas lyö kaukaakin (ks. kuninkaat).\n"
            "• Lyöminen on pakollista: jos jokin nappulasi voi lyödä, sinun on lyötävä.\n"
            "• Enimmäislyönti: on valittava sarja, joka lyö eniten nappuloita. Kuningas ja tavallinen "
            "nappula lasketaan samanarvoisiksi. Jos useampi sarja lyö yhtä monta, saat valita.\n"
            "Esimerkki: valkoinen nappula ruudussa 28, mustat ruuduissa 22, 33 ja 44. 28x17 löisi "
            "yhden, mutta 28x39x50 lyö kaksi (taaksepäin!), joten vain 28x39x50 on sallittu."
        ),
    },
    "sequences": {
        "english": (
            "• Jos sama nappula voi hypyn jälkeen lyödä uudelleen, sen on jatkettava: koko sarja on "
            "yksi siirto. Kesken ei saa pysähtyä eikä vaihtaa toiseen nappulaan.\n"
            "• Samaa nappulaa ei saa lyödä kahdesti samalla siirrolla. Lyödyt nappulat poistetaan "
            "sarjan päätyttyä.\n"
            "• Pisintä sarjaa ei tarvitse valita, mutta aloitettu sarja on vietävä loppuun.\n"
            "• Kruunaus päättää siirron: lyönnin aikana päätyriville päässyt nappula kruunataan ja "
            "pysähtyy, vaikka kuninkaana voisi jatkaa.\n"
            "Esimerkki: punainen ruudussa 10, valkoiset ruuduissa 14, 15 ja 22: 10x17x26 lyö kaksi; "
            "pysähtyminen ruutuun 17 ei käy.\n"
            "Esimerkki: punainen ruudussa 22, valkoiset ruuduissa 26 ja 27: 22x31 kruunaa nappulan, "
            "eikä se saa samalla siirrolla hypätä takaisin ruudun 27 yli.\n"
            "Kirjoita sarja kaikkine ruutuineen (10x17x26) tai pelkkä alku ja loppu (10x26)."
        ),
        "italian": (
            "• Jos sama nappula voi hypyn jälkeen lyödä uudelleen, sen on jatkettava: koko sarja on "
            "yksi siirto. Kesken ei saa pysähtyä eikä vaihtaa toiseen nappulaan.\n"
            "• Samaa nappulaa ei saa lyödä kahdesti samalla siirrolla. Lyödyt nappulat poistetaan "
            "sarjan päätyttyä.\n"
            "• Valintasäännöt (eniten nappuloita, kuninkaalla, eniten kuninkaita, aikaisin kuningas) "
            "vertaavat kokonaisia sarjoja: laske jokainen hyppy loppuun asti.\n"
            "• Kruunaus päättää siirron: lyönnin aikana päätyriville päässyt nappula kruunataan ja "
            "pysähtyy.\n"
            "Esimerkki: valkoiset ruuduissa 29 ja 31, mustat ruuduissa 19, 26 ja 28: 29x22x15 on "
            "pakollinen, koska se lyö kaksi; 31x24 lyö vain yhden.\n"
            "Esimerkki: valkoinen kuningas ruudussa 18, mustat kuninkaat ruuduissa 7 ja 13, mustat "
            "nappulat ruuduissa 5 ja 14. 18x9x2 ja 18x11x4 lyövät kumpikin kuninkaan ja nappulan, "
            "mutta 18x9x2 kohtaa kuninkaan ensin, joten vain se on sallittu.\n"
            "Kirjoita sarja kaikkine ruutuineen (29x22x15) tai pelkkä alku ja loppu (29x15)."
        ),
        "international": (
            "• Jos sama nappula voi hypyn jälkeen lyödä uudelleen, sen on jatkettava: koko sarja on "
            "yksi siirto. Kesken ei saa pysähtyä eikä vaihtaa toiseen nappulaan.\n"
            "• Samaa nappulaa ei saa lyödä kahdesti. Lyödyt nappulat jäävät laudalle siirron loppuun "
            "asti, joten ne yhä estävät kulun (tärkeää lentäville kuninkaille).\n"
            "• Enimmäislyönti vertaa kokonaisia sarjoja: laske jokainen hyppy loppuun asti.\n"
            "• Nappula, joka lyönnin aikana vain käy päätyrivillä, jää tavalliseksi ja jatkaa "
            "lyömistä; se kruunataan vain, jos siirto päättyy sinne.\n"
            "Esimerkki: valkoinen nappula ruudussa 13, mustat ruuduissa 7 ja 8: valkoinen pelaa "
            "13x2x11. Nappula käy päätyrivin ruudussa 2, mutta jatkaa ruutuun 11 ja jää tavalliseksi.\n"
            "Kirjoita sarja kaikkine ruutuineen (13x2x11) tai pelkkä alku ja loppu (13x11)."
        ),
    },
    "kings": {
        "english": (
            "• Päätyriville päässyt nappula kruunataan kuninkaaksi: punainen ruuduissa 29-32, valkoinen "
            "ruuduissa 1-4. Kruunaus päättää siirron, myös kesken lyönnin.\n"
            "• Kuningas siirtyy yhden ruudun vinottain mihin suuntaan tahansa, eteen tai taakse, ja "
            "lyö samoin: viereisen nappulan yli sen takana olevaan tyhjään ruutuun.\n"
            "• Kuningas ei lennä: punainen kuningas ruudussa 19 ei voi lyödä valkoista ruudussa 10 "
            "tyhjän ruudun 15 yli, vaan voi vain siirtyä, esimerkiksi 19-15.\n"
            "• Lyöntipakko koskee myös kuningasta, ja tavallinen nappula saa lyödä kuninkaan.\n"
            "Esimerkki: punainen kuningas ruudussa 18, valkoinen nappula ruudussa 14: 18x9 lyö "
            "taaksepäin, mihin tavallinen nappula ei pystyisi.\n"
            "Kuningas on noin puolentoista nappulan arvoinen."
        ),
        "italian": (
            "• Päätyriville päässyt nappula kruunataan kuninkaaksi: musta ruuduissa 29-32, valkoinen "
            "ruuduissa 1-4. Kruunaus päättää siirron, myös kesken lyönnin.\n"
            "• Kuningas siirtyy ja lyö yhden ruudun vinottain mihin suuntaan tahansa; kuninkaat eivät "
            "lennä.\n"
            "• Tavallinen nappula ei saa lyödä kuningasta: vain kuningas voi lyödä kuninkaan.\n"
            "• Lyöntiä valittaessa kuninkaalla lyönti menee tavallisen nappulan lyönnin edelle, ja "
            "useamman kuninkaan lyönti harvemman edelle (ks. lyönnit).\n"
            "Esimerkki: valkoinen kuningas ruudussa 17, valkoinen nappula ruudussa 29, mustat "
            "ruuduissa 13 ja 26. 17x10 ja 29x22 lyövät kumpikin yhden, mutta lyöjän on oltava "
            "kuningas, joten vain 17x10 on sallittu.\n"
            "Kuningas on arvokkaampi kuin nappula, ja tässä se on lisäksi turvassa nappuloilta."
        ),
        "international": (
            "• Nappula kruunataan kuninkaaksi (daamiksi) vain, jos sen siirto päättyy päätyriville "
            "(valkoinen 1-5, musta 46-50). Jos se vain käy päätyrivillä kesken lyöntisarjan, se jää "
            "tavalliseksi nappulaksi.\n"
            "• Kuningas lentää: se liikkuu vapaata vinoriviä pitkin kuinka pitkälle tahansa, eteen tai "
            "taakse. Tavallinen nappula saa lyödä kuninkaan.\n"
            "• Kuningas lyö saman vinorivin nappulan kaukaakin, jos välissä on vain tyhjiä ruutuja, ja "
            "saa pysähtyä mihin tahansa tyhjään ruutuun sen takana ennen seuraavaa nappulaa. Sieltä se "
            "voi jatkaa lyöntiä toiseen suuntaan.\n"
            "• Enimmäislyönnin sääntö pätee, ja se voi määrätä pysähtymisruudun.\n"
            "Esimerkki: valkoinen kuningas ruudussa 46, mustat ruuduissa 28 ja 24: kuninkaan on "
            "pysähdyttävä ruutuun 19 voidakseen lyödä myös 24:n, ja sitten se saa valita ruudun 30 tai "
            "35: 46x19x30 tai 46x19x35.\n"
            "Lentävä kuningas on noin kolmen nappulan arvoinen."
        ),
    },
    "end": {
        "english": (
            "• Voitat, kun vastustajalla ei ole vuorollaan yhtään sallittua siirtoa: kaikki hänen "
            "nappulansa on lyöty tai ne ovat jumissa. Voitat myös, jos hän luovuttaa.\n"
            "• Nappuloiden määrä ei ratkaise: pisteitä ei lasketa, ja jumiin jäänyt häviää, vaikka "
            "hänellä olisi enemmän nappuloita.\n"
            "Esimerkki: punainen nappula ruudussa 13, valkoiset ruuduissa 17 ja 22, punaisen vuoro. "
            "Nappula ei pääse ruutuun 17 eikä hyppää ruutuun 22, koska ne ovat varattuja, joten "
            "valkoinen on voittanut.\n"
            "• Tasapeli syntyy sopimalla tai vaatimalla toisto- tai 40 siirron säännön perusteella "
            "(ks. tasapeli). Kaksi yksinäistä kuningasta ei päätä peliä itsestään.\n"
            "Chatissa: luovuta komennolla resign; tarjoa, hyväksy tai hylkää tasapeli komennolla "
            "draw. Siirron tekeminen hylkää tarjouksen."
        ),
        "italian": (
            "• Voitat, kun vastustajalla ei ole vuorollaan yhtään sallittua siirtoa: kaikki hänen "
            "nappulansa on lyöty tai ne ovat jumissa. Voitat myös, jos hän luovuttaa.\n"
            "• Nappuloiden määrä ei ratkaise: pisteitä ei lasketa, ja jumiin jäänyt häviää, vaikka "
            "hänellä olisi enemmän nappuloita.\n"
            "Esimerkki: valkoinen nappula ruudussa 32, mustat ruuduissa 28 ja 23, valkoisen vuoro. "
            "Nappula ei pääse ruutuun 28 eikä hyppää ruutuun 23, koska ne ovat varattuja, joten musta "
            "on voittanut.\n"
            "• Tasapeli syntyy sopimalla tai automaattisesti, kun asema toistuu kolmannen kerran tai "
            "kumpikin tekee 40 siirtoa ilman lyöntiä ja tavallisen nappulan siirtoa (ks. tasapeli).\n"
            "Chatissa: luovuta komennolla resign; tarjoa, hyväksy tai hylkää tasapeli komennolla "
            "draw. Siirron tekeminen hylkää tarjouksen."
        ),
        "international": (
            "• Voitat, kun vastustajalla ei ole vuorollaan yhtään sallittua siirtoa: kaikki hänen "
            "nappulansa on lyöty tai ne ovat jumissa. Voitat myös, jos hän luovuttaa.\n"
            "• Nappuloiden määrä ei ratkaise: pisteitä ei lasketa, ja jumiin jäänyt häviää, vaikka "
            "hänellä olisi enemmän nappuloita.\n"
            "Esimerkki: valkoinen nappula ruudussa 46, mustat ruuduissa 41 ja 37, valkoisen vuoro. "
            "Nappula ei pääse ruutuun 41 eikä hyppää ruutuun 37, koska ne ovat varattuja, joten musta "
            "on voittanut.\n"
            "• Tasapeli syntyy sopimalla tai automaattisesti: kolminkertainen toisto, 25 siirtoa "
            "kummaltakin pelkillä kuninkailla sekä 16 ja 5 siirron loppupelisäännöt (ks. tasapeli).\n"
            "Chatissa: luovuta komennolla resign; tarjoa, hyväksy tai hylkää tasapeli komennolla "
            "draw. Siirron tekeminen hylkää tarjouksen."
        ),
    },
    "draws": {
        "english": (
            "• Sopimalla: pelaaja tarjoaa tasapeliä oman siirtonsa jälkeen. Tarjous on voimassa, "
            "kunnes vastustaja hyväksyy tai hylkää sen; siirron tekeminen hylkää sen.\n"
            "• Muut tasapelit ovat vaatimuksia: peli ei pääty itsestään, vaan pelaajan on vaadittava "
            "tasapeliä.\n"
            "• Kolminkertainen toisto: voit vaatia tasapeliä, kun sama asema (kaikki nappulat ja sama "
            "siirtovuoro) toistuu kolmannen kerran tai seuraava siirtosi toistaisi sen.\n"
            "• 40 siirron sääntö: voit vaatia tasapeliä, kun kummankin pelaajan viimeisten 40 siirron "
            "aikana (yhteensä 80 vuoroa) yksikään tavallinen nappula ei ole liikkunut eikä mitään ole "
            "lyöty. Yhteensä 40 vuoroa ei riitä.\n"
            "• Vaikka laudalla olisi vain kuninkaita, peli ei pääty itsestään: jatkakaa, sopikaa tai "
            "vaatikaa tasapeliä.\n"
            "Chatissa tasapeliä vaaditaan komennolla claim."
        ),
        "italian": (
            "• Sopimalla: pelaaja tarjoaa tasapeliä oman siirtonsa jälkeen. Tarjous on voimassa, "
            "kunnes vastustaja hyväksyy tai hylkää sen; siirron tekeminen hylkää sen.\n"
            "Tasapeli syntyy myös automaattisesti:\n"
            "• Kolminkertainen toisto: sama asema (kaikki nappulat ja sama siirtovuoro) toistuu "
            "kolmannen kerran.\n"
            "• Ei edistystä: kumpikin on tehnyt 40 siirtoa (80 vuoroa peräkkäin) ilman lyöntiä ja "
            "ilman tavallisen nappulan siirtoa.\n"
            "Tasapeliä ei tarvitse vaatia: peli päättyy itsestään."
        ),
        "international": (
            "• Sopimalla: pelaaja tarjoaa tasapeliä oman siirtonsa jälkeen. Tarjous on voimassa, "
            "kunnes vastustaja hyväksyy tai hylkää sen; siirron tekeminen hylkää sen.\n"
            "Tasapeli syntyy myös automaattisesti:\n"
            "• Kolminkertainen toisto: sama asema samalla siirtovuorolla toistuu kolmannen kerran.\n"
            "• 25 siirron sääntö: kumpikin on tehnyt 25 siirtoa (yhteensä 50) pelkillä kuninkailla, "
            "eikä mitään ole lyöty.\n"
            "• 16 siirron sääntö: kolme nappulaa, joista ainakin yksi kuningas, yksinäistä kuningasta "
            "vastaan: tasapeli, kun kumpikin on tehnyt 16 siirtoa.\n"
            "• 5 siirron sääntö: kaksi nappulaa tai yksi, joista ainakin yksi kuningas, yksinäistä "
            "kuningasta vastaan: tasapeli, kun kumpikin on tehnyt 5 siirtoa.\n"
            "Tasapeliä ei tarvitse vaatia: peli päättyy itsestään."
        ),
    },
    "notation": {
        "english": (
            "Näin kirjoitat siirrot:\n"
            "• Ruudut on numeroitu 1-32 riveittäin ylhäältä vasemmalta, kun valkoinen on alhaalla.\n"
            "• Tavallinen siirto: lähtö- ja tuloruutu viivalla, 9-13.\n"
            "• Lyönti: kaikki laskeutumisruudut x-kirjaimella erotettuina, 10x17x26. Botti kirjoittaa "
            "lyönnit aina näin.\n"
            "• Lyhenteet, kun vain yksi sallittu siirto sopii: alku ja loppu (10x26), sarjan alku "
            "(10x17) tai viiva x:n sijaan (10-26).\n"
            "• Myös kirjain-numero-ruudut käyvät: sarakkeet a-h vasemmalta, rivit 1-8 alhaalta, joten "
            "9-13 on b6-a5 ja 22-18 on c3-d4.\n"
            "• Jos teksti sopii useaan siirtoon, botti luettelee ne; jos se ei sovi mihinkään, botti "
            "kertoo, mitä sääntöä se rikkoo. Komento moves näyttää kaikki sallitut siirtosi."
        ),
        "italian": (
            "Näin kirjoitat siirrot:\n"
            "• Ruudut on numeroitu 1-32 riveittäin ylhäältä vasemmalta, kun valkoinen on alhaalla; "
            "lauta on peilattu, joten 1 on a8 ja 32 on h1.\n"
            "• Tavallinen siirto: lähtö- ja tuloruutu viivalla, 22-19.\n"
            "• Lyönti: kaikki laskeutumisruudut x-kirjaimella erotettuina, 29x22x15. Botti kirjoittaa "
            "lyönnit aina näin.\n"
            "• Lyhenteet, kun vain yksi sallittu siirto sopii: alku ja loppu (29x15), sarjan alku "
            "(29x22) tai viiva x:n sijaan (29-15).\n"
            "• Myös kirjain-numero-ruudut käyvät: sarakkeet a-h vasemmalta, rivit 1-8 alhaalta, joten "
            "22-19 on d3-e4.\n"
            "• Jos teksti sopii useaan siirtoon, botti luettelee ne; jos se ei sovi mihinkään, botti "
            "kertoo, mitä sääntöä se rikkoo. Komento moves näyttää kaikki sallitut siirtosi."
        ),
        "international": (
            "Näin kirjoitat siirrot:\n"
            "• Ruudut on numeroitu 1-50 riveittäin ylhäältä vasemmalta, kun valkoinen on alhaalla.\n"
            "• Tavallinen siirto: lähtö- ja tuloruutu viivalla, 32-28.\n"
            "• Lyönti: kaikki laskeutumisruudut x-kirjaimella erotettuina, 28x39x50. Botti kirjoittaa "
            "lyönnit aina näin.\n"
            "• Lyhenteet, kun vain yksi sallittu siirto sopii: alku ja loppu (28x50), sarjan alku "
            "(28x39) tai viiva x:n sijaan (28-50).\n"
            "• Myös kirjain-numero-ruudut käyvät: sarakkeet a-j vasemmalta, rivit 1-10 alhaalta, "
            "joten 32-28 on d4-e5.\n"
            "• Jos teksti sopii useaan siirtoon, botti luettelee ne; jos se ei sovi mihinkään, botti "
            "kertoo, mitä sääntöä se rikkoo. Komento moves näyttää kaikki sallitut siirtosi."
        ),
    },
    "strategy": {
        "english": (
            "• Hallitse keskustaa (14, 15, 18, 19): keskellä nappulat tukevat toisiaan ja niillä on "
            "enemmän siirtoja. Laidan nappula on yhdeltä sivulta turvassa, mutta hidas.\n"
            "• Pidä takarivisi mahdollisimman pitkään: se estää vastustajan kruunaukset. Moni pitää "
            "kaksi nappulaa kotona (punainen 1 ja 3, valkoinen 30 ja 32) pitkälle keskipeliin.\n"
            "• Käytä lyöntipakkoa hyväksesi: uhraus voi pakottaa vastustajan nappulan ruutuun, josta "
            "lyöt kaksi tai kolme. Tarkista ennen jokaista siirtoa, mitä joutuisit itse lyömään.\n"
            "• Pidä nappulat yhdessä; yksinäiset nappulat menetetään helposti.\n"
            "• Vaihda nappuloita, kun olet edellä. Kuningas on noin puolentoista nappulan arvoinen.\n"
            "• Laske loppupelissä tempoja: kun nappuloita on vähän, häviää se, jonka on ensin "
            "astuttava vastustajan ulottuville."
        ),
        "italian": (
            "• Hallitse keskustaa (14, 15, 18, 19): keskellä nappulat tukevat toisiaan ja niillä on "
            "enemmän siirtoja. Laidan nappula on yhdeltä sivulta turvassa, mutta hidas.\n"
            "• Pidä kaksi nappulaa takarivilläsi mahdollisimman pitkään: ne estävät vastustajan "
            "kruunaukset.\n"
            "• Lyöntisäännöt ovat tiukat, joten lyöntejä voi pakottaa: uhraus voi vetää vastustajan "
            "nappulan ruutuun, josta lyöt kaksi tai kolme. Tarkista ennen jokaista siirtoa, mitä "
            "joutuisit itse lyömään.\n"
            "• Pidä nappulat yhdessä; yksinäiset nappulat menetetään helposti.\n"
            "• Vaihda nappuloita, kun olet edellä. Kuningas on noin puolentoista nappulan arvoinen, "
            "täällä enemmänkin, koska nappulat eivät voi lyödä sitä.\n"
            "• Laske loppupelissä tempoja: häviää se, jonka on ensin astuttava vastustajan ulottuville."
        ),
        "international": (
            "• Hallitse keskustaa (noin 22, 23, 27, 28, 29): keskellä nappulat tukevat toisiaan ja "
            "vaihtoehtoja jää enemmän. Laitaan juuttuneet nappulat ovat hitaita.\n"
            "• Pidä nappulat yhtenäisinä ketjuina äläkä karkaa yksin eteen; aukosta vastustaja "
            "murtautuu läpi.\n"
            "• Enimmäislyönti pakottaa vastauksia, joten yhdistelmät ovat yleisiä: uhraus voi ohjata "
            "vastustajan pakollisen lyönnin ja avata sinulle pitkän lyöntisarjan. Tarkista aina, mitä "
            "kumpikin joutuisi seuraavaksi lyömään.\n"
            "• Pidä muutama takarivin nappula puolustuksessa, mutta älä jää kehityksessä jälkeen.\n"
            "• Vaihda, kun olet edellä. Lentävä kuningas on noin kolmen nappulan arvoinen, joten läpimurto "
            "ratkaisee usein pelin.\n"
            "• Laske tempoja: suljetussa asemassa häviää se, jolta loppuvat turvalliset siirrot."
        ),
    },
}

_FI_DIFFERENCES = (
    "• Lauta: englantilaisessa ja italialaisessa 8x8 ja 12 nappulaa kummallakin (italialainen "
    "peilattu, tumma kulma oikealla); kansainvälisessä 10x10 ja 20 nappulaa.\n"
    "• Aloittaja: englantilaisessa punainen, muissa valkoinen.\n"
    "• Tavallinen nappula lyö taaksepäin vain kansainvälisessä.\n"
    "• Tavallinen nappula saa lyödä kuninkaan, paitsi italialaisessa.\n"
    "• Kuningas: englantilaisessa ja italialaisessa yksi ruutu kerrallaan, kansainvälisessä lentävä "
    "(kuinka pitkälle tahansa).\n"
    "• Lyönnin valinta: englantilaisessa vapaa; italialaisessa eniten nappuloita, sitten kuninkaalla, "
    "eniten kuninkaita, aikaisin kuningas; kansainvälisessä eniten nappuloita.\n"
    "• Kruunaus: englantilaisessa ja italialaisessa se päättää siirron; kansainvälisessä vain, jos "
    "siirto päättyy päätyriville.\n"
    "• Tasapelit: englantilaisessa vaaditaan (toisto, 40 siirtoa kummaltakin); italialaisessa "
    "automaattisesti (toisto, 40 siirtoa kummaltakin ilman lyöntiä tai nappulan siirtoa); "
    "kansainvälisessä automaattisesti (toisto, 25 kuningassiirtoa kummaltakin, 16 ja 5 siirron "
    "loppupelit)."
)

for _variant in VARIANTS:
    _EN.setdefault("differences", {})[_variant] = _EN_DIFFERENCES
    _FI.setdefault("differences", {})[_variant] = _FI_DIFFERENCES

BODIES: dict[Lang, dict[Topic, dict[Variant, str]]] = {"en": _EN, "fi": _FI}
"""The text of each topic: BODIES[language][topic][variant]."""
