# Texts about limits: naming people, storage that cannot save, rate limits, long lists, the console.

person-ambiguous = More than one person here is called “{ $name }” (or something that looks the same). Mention the one you mean (@name), or reply to their message.
storage-read-only = I can only show games right now: my database is read-only, so nothing can be saved. Nothing changed.
storage-gone = I cannot save anything right now: my database file went missing. Nothing changed; please tell whoever runs me.
bad-id = I cannot read this message: an id it carries (of the sender, the channel or someone named) has a control character in it. Nothing changed.
rate-limited = { $seconds ->
    [one] Easy there — you are sending me too much. Try again in { $seconds } second.
   *[other] Easy there — you are sending me too much. Try again in { $seconds } seconds.
}
rate-limited-heavy = { $seconds ->
    [one] That takes me a while to make. Try again in { $seconds } second.
   *[other] That takes me a while to make. Try again in { $seconds } seconds.
}
busy-queue = I have too much to do right now. Try again in a moment.
games-more = { $count ->
    [one] …and { $count } more. Type `games { $page }` for the next page.
   *[other] …and { $count } more. Type `games { $page }` for the next page.
}
games-page = Page { $page } of { $pages }.
# The next page as each platform asks for it (a bare `games 2` reaches Tammi only where it reads typed words).
games-more-discord = { $count ->
    [one] …and { $count } more. Use `/tammi games page:{ $page }` for the next page.
   *[other] …and { $count } more. Use `/tammi games page:{ $page }` for the next page.
}
games-more-telegram = { $count ->
    [one] …and { $count } more. Send `/games { $page }` for the next page.
   *[other] …and { $count } more. Send `/games { $page }` for the next page.
}
console-picture-failed = [picture not saved: { $error }]
console-stopped = Stopped. Your games are saved.
console-picture = [picture: { $path }]
console-buttons = [buttons: { $buttons }]
console-button = { $label } = press { $id }
