# The puzzle of the day (`settings puzzle daily [HH:MM]`, `settings puzzle off`): bot/chat/daily.py,
# bot/flows/daily.py, bot/presentation/daily_text.py.

words-daily-on = daily, day, every-day
option-name-puzzle = puzzle
option-name-time = time
opt-settings-puzzle = The puzzle of the day here: daily, or off
opt-settings-time = The time of the puzzle of the day, UTC, as HH:MM (09:00 unless set)
choice-daily-daily = Daily: one puzzle a day
choice-daily-off = Off
settings-daily-on-today = Puzzle of the day here: every day at { $time } UTC, the next today (`{ $command } puzzle off` stops it).
settings-daily-on-tomorrow = Puzzle of the day here: every day at { $time } UTC, the next tomorrow (`{ $command } puzzle off` stops it).
settings-daily-off = Puzzle of the day here: off (`{ $command } puzzle daily 09:00` posts one a day at 09:00 UTC).
settings-puzzle-usage = Say when the puzzle of the day comes here: `settings puzzle daily` (at 09:00 UTC), `settings puzzle daily 18:30` (a time of day, UTC), or `settings puzzle off`.

daily-heading = The puzzle of the day!
daily-ended = Puzzle #{ $id } ends unsolved to make room for today's; its solution: { $line }.
daily-none-new = No new puzzle of the day today: this channel has been shown all { $seen } puzzles of { $variant } I have, and I show none twice. New ones come from the games played here.
daily-none-at-all = No puzzle of the day today: I have no puzzles of { $variant } yet.
