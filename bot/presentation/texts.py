"""Every message the service writes, in English and Finnish.

`say(lang, key, **values)` picks the language ("en" or "fi", anything else falls back to English) and
fills in the values. Keys are plain names; a test checks that both languages have the same keys and the
same placeholders.
"""

from __future__ import annotations

import string

MESSAGES: dict[str, tuple[str, str]] = {
    # -- general ---------------------------------------------------------------------------------
    "internal_error": (
        "Sorry, something went wrong on my side. Please try again.",
        "Anteeksi, jotain meni vikaan minun päässäni. Yritä uudelleen.",
    ),
    "too_long": (
        "That message is too long for me to read.",
        "Viesti on liian pitkä luettavakseni.",
    ),
    "not_understood": (
        "I did not understand that. Type `help` to see what I can do.",
        "En ymmärtänyt. Kirjoita `help`, niin näet mitä osaan.",
    ),
    "unknown_button": (
        "That button no longer works.",
        "Tämä painike ei enää toimi.",
    ),
    "no_game": (
        "You have no game in this channel. Start one with `challenge` or `play`.",
        "Sinulla ei ole peliä tällä kanavalla. Aloita komennolla `challenge` tai `play`.",
    ),
    "no_such_game": (
        "There is no game #{id}.",
        "Peliä #{id} ei ole.",
    ),
    "not_a_player": (
        "You are not playing in game #{id}.",
        "Et pelaa pelissä #{id}.",
    ),
    "game_finished": (
        "Game #{id} is already over.",
        "Peli #{id} on jo päättynyt.",
    ),
    "conflict": (
        "The game changed while I was checking your request. Look at the board and try again.",
        "Peli muuttui juuri, kun tarkistin pyyntöäsi. Katso lauta ja yritä uudelleen.",
    ),
    "unknown_variant": (
        "I don't know the rules “{name}”. Choose english, italian or international.",
        "En tunne sääntöjä ”{name}”. Valitse english, italian tai international.",
    ),
    "unknown_person": (
        "I don't know who “{name}” is here. Mention them (@name), or ask them to say something first.",
        "En tiedä, kuka ”{name}” on. Mainitse hänet (@nimi) tai pyydä häntä kirjoittamaan jotain ensin.",
    ),
    # -- challenges ------------------------------------------------------------------------------
    "challenge_open": (
        "{challenger} challenges anyone to a game of {variant} ({colours}). Press Accept or type `accept`.",
        "{challenger} haastaa kenet tahansa peliin: {variant} ({colours}). "
        "Paina Hyväksy tai kirjoita `accept`.",
    ),
    "challenge_direct": (
        "{target}, {challenger} challenges you to a game of {variant} ({colours}). Accept or decline?",
        "{target}, {challenger} haastaa sinut peliin: {variant} ({colours}). Hyväksytkö vai hylkäätkö?",
    ),
    "challenge_rematch": (
        "Rematch of game #{game}, colours swapped.",
        "Uusintaottelu pelille #{game}, värit vaihdettuina.",
    ),
    "challenge_expires": (
        "The challenge expires in {time}.",
        "Haaste vanhenee {time} kuluttua.",
    ),
    "colours_random": ("colours by coin toss", "värit arvotaan"),
    "colours_chosen": ("{name} plays {side}", "{name} pelaa: {side}"),
    "tournament_note": (
        "Tournament rules: the first illegal move attempt is a warning, the second loses the game.",
        "Turnaussäännöt: ensimmäisestä laittomasta siirtoyrityksestä tulee varoitus, toinen häviää pelin.",
    ),
    "challenge_self": (
        "You cannot challenge yourself. For a game against me, use `play`.",
        "Et voi haastaa itseäsi. Minua vastaan voit pelata komennolla `play`.",
    ),
    "challenge_busy_self": (
        "You already have a game in this channel (#{id}). Finish it first.",
        "Sinulla on jo peli tällä kanavalla (#{id}). Pelaa se ensin loppuun.",
    ),
    "challenge_busy_other": (
        "{name} already has a game in this channel.",
        "Pelaajalla {name} on jo peli tällä kanavalla.",
    ),
    "challenge_pending": (
        "You already have an open challenge here (#{id}). Cancel it first with `cancel`.",
        "Sinulla on jo avoin haaste täällä (#{id}). Peru se ensin komennolla `cancel`.",
    ),
    "no_challenge": (
        "There is no open challenge for you here.",
        "Täällä ei ole sinulle avointa haastetta.",
    ),
    "challenge_not_for_you": (
        "That challenge is for {name}, not for you.",
        "Haaste on tarkoitettu pelaajalle {name}, ei sinulle.",
    ),
    "challenge_gone": (
        "That challenge is no longer open.",
        "Haaste ei ole enää avoinna.",
    ),
    "challenge_own": (
        "You cannot accept your own challenge. Use `cancel` to withdraw it.",
        "Et voi hyväksyä omaa haastettasi. Voit perua sen komennolla `cancel`.",
    ),
    "challenge_declined": (
        "{name} declined {challenger}'s challenge.",
        "{name} hylkäsi pelaajan {challenger} haasteen.",
    ),
    "challenge_cancelled": (
        "{challenger} cancelled the challenge.",
        "{challenger} perui haasteen.",
    ),
    "challenge_nothing_to_cancel": (
        "You have no open challenge here.",
        "Sinulla ei ole avointa haastetta täällä.",
    ),
    "challenge_expired": (
        "{challenger}'s challenge (#{id}) expired without an answer.",
        "Pelaajan {challenger} haaste (#{id}) vanheni ilman vastausta.",
    ),
    "game_started": (
        "Game #{id} begins: {white} ({white_side}) against {black} ({black_side}), {variant}.",
        "Peli #{id} alkaa: {white} ({white_side}) vastaan {black} ({black_side}), {variant}.",
    ),
    "how_to_move": (
        "Type your move as a message, for example {example}.",
        "Kirjoita siirtosi viestinä, esimerkiksi {example}.",
    ),
    # -- moves and the board ---------------------------------------------------------------------
    "moved": ("{name} played {move}.", "{name} siirsi {move}."),
    "turn": ("{side} ({name}) to move.", "Siirtovuorossa {side} ({name})."),
    "board_title": (
        "Game #{id}: {white} ({white_side}) against {black} ({black_side}), {variant}",
        "Peli #{id}: {white} ({white_side}) vastaan {black} ({black_side}), {variant}",
    ),
    "board_moves": (
        "Moves played: {count}. Last move: {last}.",
        "Siirtoja pelattu: {count}. Viimeisin: {last}.",
    ),
    "board_no_moves": ("No moves played yet.", "Siirtoja ei ole vielä pelattu."),
    "not_your_turn": (
        "It is not your turn: {side} ({name}) is to move.",
        "Ei ole vuorosi: siirtovuorossa on {side} ({name}).",
    ),
    "legal_moves": ("Legal moves for {side}: {moves}", "Sallitut siirrot ({side}): {moves}"),
    "legal_moves_wait": (
        "It is {side}'s turn ({name}). Their legal moves: {moves}",
        "Vuorossa on {side} ({name}). Sallitut siirrot: {moves}",
    ),
    "refused": ("{move} is not allowed: {reason}", "{move} ei käy: {reason}"),
    "refused_options": ("Possible moves: {moves}", "Mahdolliset siirrot: {moves}"),
    "rule_pointer": ("The rule: `rules {topic}` ({title}).", "Sääntö: `rules {topic}` ({title})."),
    "tournament_warning": (
        "Warning (tournament rules): that was an illegal move attempt. A second one loses the game.",
        "Varoitus (turnaussäännöt): tämä oli laiton siirtoyritys. Toinen yritys häviää pelin.",
    ),
    "draw_declined_by_move": (
        "The draw offer was declined by the move.",
        "Siirto hylkäsi tasapelitarjouksen.",
    ),
    "undo_declined_by_move": (
        "The take-back request was declined by the move.",
        "Siirto hylkäsi perumispyynnön.",
    ),
    "claim_possible": (
        "A draw can now be claimed ({kind}): either player may type `claim`.",
        "Nyt voi vaatia tasapeliä ({kind}): kumpi tahansa pelaaja voi kirjoittaa `claim`.",
    ),
    "kind_threefold": ("threefold repetition", "kolminkertainen toisto"),
    "kind_forty_moves": ("the 40-move rule", "40 siirron sääntö"),
    # -- game ends -------------------------------------------------------------------------------
    "end_no_moves": (
        "{winner} wins: {loser} has no legal move.",
        "{winner} voittaa: pelaajalla {loser} ei ole laillista siirtoa.",
    ),
    "end_resign": ("{loser} resigned. {winner} wins.", "{loser} luovutti. {winner} voittaa."),
    "end_agreement": ("Draw by agreement.", "Tasapeli sopimuksella."),
    "end_threefold": (
        "Draw: the same position occurred for the third time.",
        "Tasapeli: sama asema toistui kolmannen kerran.",
    ),
    "end_no_progress": (
        "Draw: too many moves without a capture or a man move.",
        "Tasapeli: liian monta siirtoa ilman lyöntiä tai tavallisen nappulan siirtoa.",
    ),
    "end_endgame": (
        "Draw by the endgame rule: the king could not win in the moves allowed.",
        "Tasapeli loppupelisäännöllä: kuningas ei voittanut sallituissa siirroissa.",
    ),
    "end_claim_threefold": (
        "{name} claimed a draw by threefold repetition. Draw.",
        "{name} vaati tasapeliä kolminkertaisen toiston perusteella. Tasapeli.",
    ),
    "end_claim_forty_moves": (
        "{name} claimed a draw by the 40-move rule. Draw.",
        "{name} vaati tasapeliä 40 siirron säännön perusteella. Tasapeli.",
    ),
    "end_abandon": (
        "{winner} wins: {loser} did not move for {hours} hours.",
        "{winner} voittaa: {loser} ei siirtänyt {hours} tuntiin.",
    ),
    "end_illegal_moves": (
        "{loser} made a second illegal move attempt and loses under tournament rules. {winner} wins.",
        "{loser} yritti toisen kerran laitonta siirtoa ja häviää turnaussääntöjen mukaan. {winner} voittaa.",
    ),
    "end_other": ("Game over: {result}.", "Peli päättyi: {result}."),
    "rated_note": ("Rated game.", "Pisteytetty peli."),
    "unrated_short": (
        "Not rated: the game was too short.",
        "Ei pisteytetä: peli oli liian lyhyt.",
    ),
    # -- resign, draws, claims, undo -------------------------------------------------------------
    "resign_confirm": (
        "Resign game #{id}? This cannot be undone.",
        "Luovutatko pelin #{id}? Tätä ei voi perua.",
    ),
    "draw_offered": (
        "{name} offers a draw. {opponent}, do you accept?",
        "{name} tarjoaa tasapeliä. {opponent}, hyväksytkö?",
    ),
    "draw_after_own_move": (
        "You can offer a draw right after your own move, or together with it (for example `9-13 draw`).",
        "Voit tarjota tasapeliä heti oman siirtosi jälkeen tai sen yhteydessä (esimerkiksi `9-13 draw`).",
    ),
    "offer_pending": (
        "An offer is already waiting for an answer.",
        "Tarjous odottaa jo vastausta.",
    ),
    "no_draw_offer": ("There is no draw offer to answer.", "Vastattavaa tasapelitarjousta ei ole."),
    "own_offer": ("You cannot answer your own offer.", "Et voi vastata omaan tarjoukseesi."),
    "draw_declined": ("{name} declined the draw offer.", "{name} hylkäsi tasapelitarjouksen."),
    "claim_nothing": (
        "There is nothing to claim now.",
        "Nyt ei ole mitään vaadittavaa.",
    ),
    "claim_draw_rules": (
        "In English checkers a draw may be claimed after a threefold repetition or 40 moves by each side "
        "without a capture or a man move.",
        "Englantilaisessa tammessa tasapeliä voi vaatia kolminkertaisen toiston jälkeen tai kun kumpikin on "
        "tehnyt 40 siirtoa ilman lyöntiä tai tavallisen nappulan siirtoa.",
    ),
    "claim_abandon_wait": (
        "You can claim the win if {name} does not move for {hours} hours (it has been {since} hours).",
        "Voit vaatia voittoa, jos {name} ei siirrä {hours} tuntiin (nyt on kulunut {since} tuntia).",
    ),
    "undo_requested": (
        "{name} asks to take back their last move ({move}). {opponent}, do you accept?",
        "{name} pyytää saada perua viimeisen siirtonsa ({move}). {opponent}, hyväksytkö?",
    ),
    "undo_not_possible": (
        "You can only take back your own last move, before your opponent replies.",
        "Voit perua vain oman viimeisen siirtosi ennen kuin vastustaja vastaa.",
    ),
    "no_undo_request": ("There is no take-back request to answer.", "Vastattavaa perumispyyntöä ei ole."),
    "undo_done": ("Move {move} was taken back.", "Siirto {move} peruttiin."),
    "undo_declined": ("{name} declined the take-back request.", "{name} hylkäsi perumispyynnön."),
    # -- the built-in opponent -------------------------------------------------------------------
    "bot_level_bad": ("The level must be a number from 1 to {max}.", "Tason pitää olla luku 1–{max}."),
    "bot_thinking": ("{name} is thinking…", "{name} miettii…"),
    "bot_failed": (
        "I could not find a move in game #{id}. Sorry: the game stays as it is.",
        "En löytänyt siirtoa pelissä #{id}. Anteeksi: peli jää ennalleen.",
    ),
    "bot_undo": (
        "Your last move and my reply were taken back.",
        "Viimeisin siirtosi ja vastaukseni peruttiin.",
    ),
    # -- lists, exports, statistics --------------------------------------------------------------
    "games_none": ("No games are running in this channel.", "Tällä kanavalla ei ole käynnissä pelejä."),
    "games_header": ("Games in this channel:", "Tämän kanavan pelit:"),
    "games_line": (
        "#{id} {white} ({white_side}) – {black} ({black_side}), {variant}, {plies} moves, {side} to move",
        "#{id} {white} ({white_side}) – {black} ({black_side}), {variant}, {plies} siirtoa, vuorossa {side}",
    ),
    "challenges_header": ("Open challenges:", "Avoimet haasteet:"),
    "challenges_line": (
        "#{id} {challenger} → {target}, {variant}",
        "#{id} {challenger} → {target}, {variant}",
    ),
    "anyone": ("anyone", "kuka tahansa"),
    "no_game_to_show": (
        "You have no game here to show. Name one by number, for example `pdn 3`.",
        "Sinulla ei ole täällä peliä näytettäväksi. Anna pelin numero, esimerkiksi `pdn 3`.",
    ),
    "pdn": ("PDN of game #{id}:", "Pelin #{id} PDN:"),
    "gif": ("Replay of game #{id}.", "Pelin #{id} uusinta."),
    "pictures_unavailable": ("Pictures are not available.", "Kuvat eivät ole käytettävissä."),
    "stats": (
        "{name}: {games} games, {wins} won, {losses} lost, {draws} drawn, {active} in progress.",
        "{name}: {games} peliä, {wins} voittoa, {losses} tappiota, {draws} tasapeliä, {active} kesken.",
    ),
    "stats_rating": (
        "Rating in this channel: {rating} ({rated} rated games).",
        "Vahvuusluku tällä kanavalla: {rating} ({rated} pisteytettyä peliä).",
    ),
    "stats_unrated": (
        "No rated games in this channel yet.",
        "Ei vielä pisteytettyjä pelejä tällä kanavalla.",
    ),
    "leaderboard_header": ("Leaderboard for this channel:", "Tämän kanavan rankinglista:"),
    "leaderboard_line": (
        "{rank}. {name} — {rating} ({games} games: {wins}–{losses}–{draws})",
        "{rank}. {name} — {rating} ({games} peliä: {wins}–{losses}–{draws})",
    ),
    "leaderboard_empty": (
        "No rated games in this channel yet.",
        "Tällä kanavalla ei ole vielä pisteytettyjä pelejä.",
    ),
    # -- settings, rules, help -------------------------------------------------------------------
    "settings_show": (
        "Settings for this channel: language {language}, rules {variant}.",
        "Kanavan asetukset: kieli {language}, säännöt {variant}.",
    ),
    "settings_saved": (
        "Saved. Settings for this channel: language {language}, rules {variant}.",
        "Tallennettu. Kanavan asetukset: kieli {language}, säännöt {variant}.",
    ),
    "settings_bad_language": ("The language must be en or fi.", "Kielen pitää olla en tai fi."),
    "rules_unknown": (
        "I have no rules topic for “{text}”. The topics:",
        "En löydä sääntöaihetta hakusanalla ”{text}”. Aiheet:",
    ),
    "help_intro": (
        "Tammi plays draughts: English checkers, Italian and International draughts. "
        "Type a command as `!tammi <command>`, `/<command>`, or just the word in the console.",
        "Tammi pelaa tammea: englantilaista, italialaista ja kansainvälistä. "
        "Kirjoita komento muodossa `!tammi <komento>`, `/<komento>` tai konsolissa pelkkä sana.",
    ),
    "help_moves": (
        "Move by typing the move as a message: 9-13, 10x17x26 (or 10x26), or squares like c3-d4. "
        "Add `draw` to offer a draw with the move.",
        "Siirrä kirjoittamalla siirto viestinä: 9-13, 10x17x26 (tai 10x26) tai ruudut kuten c3-d4. "
        "Lisää `draw`, niin tarjoat samalla tasapeliä.",
    ),
    # -- reminders and notices -------------------------------------------------------------------
    "reminder": (
        "{name}, it is your move in game #{id} against {other}. If you do not move within {hours} hours, "
        "{other} may claim the win.",
        "{name}, on vuorosi pelissä #{id} pelaajaa {other} vastaan. Jos et siirrä {hours} tunnin kuluessa, "
        "{other} voi vaatia voittoa.",
    ),
    "abandon_available": (
        "{name}, {other} has not moved in game #{id} for {hours} hours: you may claim the win with `claim`.",
        "{name}, {other} ei ole siirtänyt pelissä #{id} {hours} tuntiin: "
        "voit vaatia voittoa komennolla `claim`.",
    ),
    # -- buttons ---------------------------------------------------------------------------------
    "btn_accept": ("Accept", "Hyväksy"),
    "btn_decline": ("Decline", "Hylkää"),
    "btn_cancel": ("Cancel", "Peru"),
    "btn_move": ("Move", "Siirrä"),
    "btn_moves": ("Legal moves", "Sallitut siirrot"),
    "btn_board": ("Board", "Lauta"),
    "btn_offer_draw": ("Offer draw", "Tarjoa tasapeliä"),
    "btn_accept_draw": ("Accept draw", "Hyväksy tasapeli"),
    "btn_decline_draw": ("Decline draw", "Hylkää tasapeli"),
    "btn_resign": ("Resign", "Luovuta"),
    "btn_resign_confirm": ("Yes, resign", "Kyllä, luovutan"),
    "btn_accept_undo": ("Allow take-back", "Salli peruminen"),
    "btn_decline_undo": ("Refuse take-back", "Kiellä peruminen"),
    "btn_rematch": ("Rematch", "Uusinta"),
    "btn_claim": ("Claim", "Vaadi"),
    # -- summary fields --------------------------------------------------------------------------
    "field_players": ("Players", "Pelaajat"),
    "field_turn": ("To move", "Vuorossa"),
    "field_last": ("Last move", "Viimeisin siirto"),
    "field_result": ("Result", "Tulos"),
    "vs": ("{white} vs {black}", "{white} – {black}"),
    "draw_result": ("draw", "tasapeli"),
}

# Engine refusal reasons in plain words. Placeholders come from MoveError.details (plus {move}).
REASONS: dict[str, tuple[str, str]] = {
    "bad_syntax": (
        "I can't read it as a move. Write it like 9-13, 10x17x26 or c3-d4.",
        "en tunnista sitä siirroksi. Kirjoita se muodossa 9-13, 10x17x26 tai c3-d4.",
    ),
    "too_long": (
        "the move is longer than any possible move.",
        "siirto on pidempi kuin mikään mahdollinen siirto.",
    ),
    "not_a_square": ("that is not a playing square on this board.", "se ei ole tämän laudan pelikenttä."),
    "no_piece": ("there is no piece on the starting square.", "lähtöruudussa ei ole nappulaa."),
    "opponent_piece": ("that piece belongs to your opponent.", "nappula on vastustajan."),
    "capture_compulsory": (
        "capturing is compulsory, and you have a capture.",
        "lyöminen on pakollista, ja sinulla on lyönti.",
    ),
    "incomplete": (
        "the capture is not finished: the piece must go on capturing.",
        "lyönti on kesken: nappulan on jatkettava lyömistä.",
    ),
    "not_maximum": (
        "you must take the capture that takes the most pieces.",
        "sinun on valittava lyönti, joka lyö eniten nappuloita.",
    ),
    "must_capture_with_king": (
        "with equal captures you must capture with the king.",
        "yhtä suurista lyönneistä on valittava kuninkaan lyönti.",
    ),
    "must_capture_more_kings": (
        "with equal captures you must take the one that captures the most kings.",
        "yhtä suurista lyönneistä on valittava se, joka lyö eniten kuninkaita.",
    ),
    "must_meet_king_earlier": (
        "with equal captures you must take the one that meets a king first.",
        "yhtä suurista lyönneistä on valittava se, joka kohtaa kuninkaan ensimmäisenä.",
    ),
    "man_cannot_capture_king": (
        "in Italian draughts a man may not capture a king.",
        "italialaisessa tammessa tavallinen nappula ei saa lyödä kuningasta.",
    ),
    "men_not_backward": ("a man may not move backward.", "tavallinen nappula ei saa liikkua taaksepäin."),
    "kings_do_not_fly": (
        "in these rules a king moves only one square at a time.",
        "näissä säännöissä kuningas liikkuu vain yhden ruudun kerrallaan.",
    ),
    "occupied": ("the landing square is occupied.", "kohderuutu on varattu."),
    "not_diagonal": ("pieces move only diagonally.", "nappulat liikkuvat vain vinottain."),
    "too_far": ("that is too far for this piece.", "matka on liian pitkä tälle nappulalle."),
    "own_piece": ("you cannot jump over your own piece.", "omaa nappulaa ei voi hypätä."),
    "no_legal_move": ("there is no legal move.", "laillisia siirtoja ei ole."),
    "game_over": ("the game is over.", "peli on päättynyt."),
    "ambiguous": (
        "it matches more than one move; write the whole path.",
        "se sopii useampaan siirtoon; kirjoita koko reitti.",
    ),
    "not_legal": ("that piece cannot go there.", "nappula ei voi mennä sinne."),
}

SIDES_FI = {"red": "punainen", "white": "valkoinen", "black": "musta"}
VARIANT_TITLES: dict[str, tuple[str, str]] = {
    "english": ("English checkers", "englantilainen tammi"),
    "italian": ("Italian draughts", "italialainen tammi"),
    "international": ("International draughts", "kansainvälinen tammi"),
}


class _Blank(dict[str, object]):
    def __missing__(self, key: str) -> str:
        return "?"


def _index(lang: str) -> int:
    return 1 if lang == "fi" else 0


def say(lang: str, key: str, **values: object) -> str:
    """The message `key` in `lang` with `values` filled in (a missing value shows as "?").

    >>> say("fi", "moved", name="Aino", move="9-13")
    'Aino siirsi 9-13.'
    """
    return MESSAGES[key][_index(lang)].format_map(_Blank(values))


def reason(lang: str, key: str, **values: object) -> str:
    """An engine refusal reason in plain words."""
    pair = REASONS.get(key, REASONS["not_legal"])
    return pair[_index(lang)].format_map(_Blank(values))


def side_name(lang: str, english_name: str) -> str:
    """A side's name ("Red", "White", "Black") in `lang`, lower case in Finnish.

    >>> side_name("fi", "Red")
    'punainen'
    """
    if lang == "fi":
        return SIDES_FI.get(english_name.lower(), english_name)
    return english_name


def variant_title(lang: str, variant: str) -> str:
    """The rules' name in `lang`."""
    pair = VARIANT_TITLES.get(variant)
    return pair[_index(lang)] if pair else variant


def placeholders(template: str) -> set[str]:
    """The `{names}` a template uses."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


LANGUAGES = ("en", "fi")


def locale_language(locale: str | None) -> str | None:
    """The reply language a platform locale asks for ("fi-FI" -> "fi"), or None when it names neither.

    >>> locale_language("fi-FI"), locale_language("en_US"), locale_language("de"), locale_language(None)
    ('fi', 'en', None, None)
    """
    if not locale:
        return None
    code = locale.strip().lower().replace("_", "-").split("-", 1)[0]
    return code if code in LANGUAGES else None


def reply_language(channel: str | None, locale: str | None, default: str) -> str:
    """The one language rule: the channel's chosen language, else the user's client language, else the
    configured default.

    >>> reply_language(None, "fi", "en"), reply_language("en", "fi", "en"), reply_language(None, None, "fi")
    ('fi', 'en', 'fi')
    """
    return channel or locale_language(locale) or default
