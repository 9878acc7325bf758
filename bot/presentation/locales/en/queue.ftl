# The job queue (PostgreSQL, `[queue] use = true`): a bot move or a review that the workers tried and
# gave up (bot/flows/queued.py).

bot-given-up = I could not find a move in game #{ $id }: the workers tried { $tries ->
    [one] { $tries } time
   *[other] { $tries } times
} and gave up. Sorry: the game stays as it is.
review-given-up = The review of game #{ $id } failed: the workers tried { $tries ->
    [one] { $tries } time
   *[other] { $tries } times
} and gave up. Please ask again later.
