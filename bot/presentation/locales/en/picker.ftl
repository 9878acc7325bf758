# Tap-to-move on Telegram: the move picker that replaces a board message's buttons
# (bot/presentation/taps.py). A prompt shows as a short note at the top of the chat when a key is tapped.

taps-piece = Game #{ $id }: tap the piece to move ({ $side }).
taps-landing = Tap where the piece on { $square } goes.
taps-next = { $path }: tap the next landing square.
taps-back = « Back
taps-cancel = ✕ Cancel
taps-stale = This move picker is out of date: game #{ $id } has changed since it opened. Press Move again.
