# Siistit kanavat: yksi elävä lauta peliä kohden, muokataan paikallaan (`asetukset elävä päälle|pois`),
# Nosta-painike ja -komento, jotka tuovat sen uudelleen alimmaksi, ja Discordissa ketju jokaiselle
# pelille (`asetukset ketjut päälle|pois`) (bot/chat/live.py; sovittimien live.py ja threads.py).

words-settings-live = elävä, elävät, live
words-settings-threads = ketjut, ketju
option-name-live = elävä
option-name-threads = ketjut
opt-settings-live = Yksi elävä lauta peliä kohden: sitä muokataan siirtojen jälkeen uuden sijaan
opt-settings-threads = Jokainen uusi peli omaan ketjuunsa (vaatii oikeuden luoda julkisia ketjuja)
choice-switch-on = Päälle
choice-switch-off = Pois
settings-live-on = Elävät laudat: päällä, jokaisella pelillä on yksi lautaviesti, jota muokataan joka siirron jälkeen (`{ $command } elävä pois` lähettää uuden laudan joka siirron jälkeen; `nosta` tuo laudan uudelleen alimmaksi).
settings-live-off = Elävät laudat: pois, uusi lauta joka siirron jälkeen (`{ $command } elävä päälle` pitää yhden laudan peliä kohden ja muokkaa sitä).
settings-threads-on = Peliketjut: päällä, jokainen uusi peli saa oman ketjun, johon sen siirrot ja ilmoitukset menevät (`{ $command } ketjut pois` pitää uudet pelit kanavalla).
settings-threads-off = Peliketjut: pois (`{ $command } ketjut päälle` antaa jokaiselle uudelle pelille oman ketjun; tarvitsen oikeuden luoda julkisia ketjuja).
settings-live-usage = Kerro, pitääkö jokaisella pelillä olla yksi elävä lauta: `asetukset elävä päälle` tai `asetukset elävä pois`.
settings-threads-usage = Kerro, saako jokainen uusi peli oman ketjun: `asetukset ketjut päälle` tai `asetukset ketjut pois`.
settings-threads-discord-only = Peliketjut ovat Discordin asetus: täällä pelit pysyvät keskustelussa, ja `asetukset elävä päälle` pitää sen sijaan yhden laudan peliä kohden.

words-command-bump = nosta, bump
cmd-bump = Lähetä pelisi lauta uudelleen alimmaksi (elävä lauta siirtyy sinne)
usage-bump = `{ $word } [#numero]`
options-bump = ilman numeroa pelisi tällä kanavalla (tai viimeisin pelisi). Kun kanavalla on elävät laudat (`asetukset elävä päälle`), lähetetystä laudasta tulee se, jota muokataan siirtojen jälkeen, ja edellinen poistetaan; elävän laudan Nosta-painike tekee saman.
opt-board-bump = Lähetä lauta uudelleen alimmaksi elävänä lautana
opt-bump-bump = Lähetä lauta uudelleen alimmaksi elävänä lautana
option-name-bump = nosta
btn-bump = Nosta

thread-name = Peli #{ $id }: { $title }
thread-permission-missing = En voinut antaa tälle pelille omaa ketjua: tarvitsen tällä kanavalla oikeuden luoda julkisia ketjuja (tai laita peliketjut pois komennolla `asetukset ketjut pois`). Peli jatkuu täällä.

## Analyysin viesti, jota muokataan analyysin edetessä (issue 25:n Progress)

review-progress = Analysoin peliä #{ $id }: siirto { $move }/{ $moves }…
review-progress-done = Peli #{ $id } analysoitu ({ $moves ->
    [one] { $moves } siirto
   *[other] { $moves } siirtoa
}): analyysi tulee tässä.
