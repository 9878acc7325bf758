# Vuoroilmoitukset (`ilmoitukset päälle|pois`): yksityisviesti, kun on sinun vuorosi, ja kopiot
# peliesi muistutuksista ja aikarajoista (bot/chat/pinging.py, bot/presentation/ping_text.py).

words-command-notify = ilmoitukset, ilmoita
cmd-notify = Yksityisviesti, kun on vuorosi: päälle tai pois
words-notify-on = päälle, kyllä
words-notify-off = pois, ei, lopeta
usage-notify = `{ $word } [päälle|pois]`
options-notify = `päälle`: lähetän sinulle yksityisviestin, kun on vuorosi missä tahansa pelissä, vastustajan siirron ja linkin laudalle kera, sekä peliesi muistutukset; `pois` lopettaa ne. Yksinään se kertoo, kumman valitsit. Telegramissa aloita ensin yksityiskeskustelu kanssani.
opt-notify-notify = Päälle tai pois
opt-settings-notify = Vain sinulle: yksityisviesti vuorosi tullessa
option-name-notify = ilmoitukset
choice-notify-on = Päälle: viesti minulle, kun on vuoroni
choice-notify-off = Pois: ei yksityisviestejä

notify-on = Vuoroilmoitukset ovat päällä, { $name }: lähetän sinulle yksityisviestin, kun on vuorosi missä tahansa pelissä. `{ $command } pois` lopettaa ne.
notify-on-here = Vuoroilmoitukset ovat päällä: kirjoitan sinulle tänne, kun on vuorosi missä tahansa pelissä. `{ $command } pois` lopettaa ne.
notify-on-private = Vuoroilmoitukset ovat päällä: kirjoitan sinulle tänne, kun on vuorosi missä tahansa pelissä, ja lähetän peliesi muistutukset. `{ $command } pois` lopettaa ne.
notify-off = Vuoroilmoitukset ovat pois: en enää lähetä yksityisviestejä vuoroistasi. `{ $command } päälle` aloittaa ne uudelleen.
notify-status-on = Vuoroilmoituksesi ovat päällä: yksityisviesti, kun on vuorosi missä tahansa pelissä. `{ $command } pois` lopettaa ne.
notify-status-off = Vuoroilmoituksesi ovat pois. `{ $command } päälle`: yksityisviesti, kun on vuorosi missä tahansa pelissä.
notify-usage = Kirjoita `ilmoitukset päälle` tai `ilmoitukset pois` (pelkkä `ilmoitukset` kertoo, kumman valitsit).
notify-unreachable-telegram = Vuoroilmoitukset ovat päällä, { $name }, mutta en voi vielä kirjoittaa sinulle yksityisesti: Telegramissa botti saa kirjoittaa vain niille, jotka ovat aloittaneet keskustelun sen kanssa. Avaa yksityiskeskustelu kanssani ja paina Aloita; siitä lähtien kirjoitan sinulle, kun on vuorosi.
notify-unreachable-discord = Vuoroilmoitukset ovat päällä, { $name }, mutta Discord ei anna minun lähettää sinulle yksityisviestejä. Salli yksityisviestit tämän palvelimen jäseniltä (palvelimen yksityisyysasetukset); siitä lähtien kirjoitan sinulle, kun on vuorosi.
notify-unreachable = Vuoroilmoitukset ovat päällä, { $name }, mutta en voi kirjoittaa sinulle yksityisesti täällä.
notify-told-telegram = { $name }, en voinut kirjoittaa sinulle yksityisesti pelistä #{ $id }: Telegramissa botti saa kirjoittaa vain niille, jotka ovat aloittaneet keskustelun sen kanssa. Avaa yksityiskeskustelu kanssani ja paina Aloita, tai lopeta viestit komennolla `{ $command } pois`.
notify-told-discord = { $name }, en voinut lähettää sinulle yksityisviestiä pelistä #{ $id }: yksityisviestisi ovat minulta kiinni. Salli yksityisviestit tämän palvelimen jäseniltä (palvelimen yksityisyysasetukset), tai lopeta viestit komennolla `{ $command } pois`.
notify-told = { $name }, en voinut kirjoittaa sinulle yksityisesti pelistä #{ $id }. Lopeta yritykset komennolla `{ $command } pois`.

notify-turn = Sinun siirtosi pelissä #{ $id } pelaajaa { $other } vastaan ({ $variant }): { $other } siirsi { $move }.
notify-start = Peli #{ $id } pelaajaa { $other } vastaan ({ $variant }) on alkanut: sinun siirtosi.
notify-board-link = Lauta: { $link }
notify-board-chat = Keskustelussa { $chat }.
