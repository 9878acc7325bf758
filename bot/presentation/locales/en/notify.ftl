# Turn pings (`notify on|off`): a private message to a person when it is their turn, and copies of the
# reminders and time-outs about their games (bot/chat/pinging.py, bot/presentation/ping_text.py).

words-command-notify = notify, pings
cmd-notify = A private message when it is your turn: on or off
# `notify on`, `notify off` (Discord: `/tammi settings notify:on`, as /tammi has no room for another).
words-notify-on = on, yes
words-notify-off = off, no, stop
usage-notify = `{ $word } [on|off]`
options-notify = `on`: I message you privately when it is your turn in any game, with the opponent's move and a link to the board, and send you the reminders about your games; `off` stops that. Alone, it says which you chose. On Telegram, start a private chat with me first.
opt-notify-notify = On or off
opt-settings-notify = For you alone: a private message when it is your turn
option-name-notify = notify
choice-notify-on = On: message me privately when it is my turn
choice-notify-off = Off: no private messages

notify-on = Turn pings are on, { $name }: I will message you privately when it is your turn in any game. `{ $command } off` stops them.
notify-on-here = Turn pings are on: I will message you here when it is your turn in any game. `{ $command } off` stops them.
notify-on-private = Turn pings are on: I will message you here when it is your turn in any game, and send you the reminders about your games. `{ $command } off` stops them.
notify-off = Turn pings are off: no more private messages about your turns. `{ $command } on` starts them again.
notify-status-on = Your turn pings are on: a private message when it is your turn in any game. `{ $command } off` stops them.
notify-status-off = Your turn pings are off. `{ $command } on`: a private message when it is your turn in any game.
notify-usage = Write `notify on` or `notify off` (`notify` alone says which you chose).
notify-unreachable-telegram = Turn pings are on, { $name }, but I cannot message you privately yet: on Telegram a bot may write only to people who have started a chat with it. Open a private chat with me and press Start; from then on I will message you when it is your turn.
notify-unreachable-discord = Turn pings are on, { $name }, but Discord does not let me send you direct messages. Allow direct messages from this server's members (the server's Privacy Settings); from then on I will message you when it is your turn.
notify-unreachable = Turn pings are on, { $name }, but I cannot message you privately here.
notify-told-telegram = { $name }, I could not message you privately about game #{ $id }: on Telegram a bot may write only to people who have started a chat with it. Open a private chat with me and press Start, or stop the messages with `{ $command } off`.
notify-told-discord = { $name }, I could not send you a direct message about game #{ $id }: your direct messages are closed to me. Allow direct messages from this server's members (the server's Privacy Settings), or stop the messages with `{ $command } off`.
notify-told = { $name }, I could not message you privately about game #{ $id }. Stop trying with `{ $command } off`.

notify-turn = Your move in game #{ $id } against { $other } ({ $variant }): { $other } played { $move }.
notify-start = Game #{ $id } against { $other } ({ $variant }) has begun: your move.
notify-board-link = The board: { $link }
notify-board-chat = In { $chat }.
