# Tekstit tietokannasta, joka ei vastaa, ja peleistä, jotka on siirretty syrjään, koska niitä ei voi lukea.

storage-down = Tietokantani ei vastaa juuri nyt, joten en voinut tehdä sitä. Yritä hetken päästä uudelleen.
storage-down-move = Tietokantani ei vastaa juuri nyt, joten siirtoasi ei tallennettu. Yritä hetken päästä uudelleen.
storage-busy = Tietokantani on varattu (jokin muu pitää sitä lukittuna), joten en ehtinyt tehdä sitä. Yritä hetken päästä uudelleen.
storage-busy-move = Tietokantani on varattu (jokin muu pitää sitä lukittuna), joten siirtoasi ei tallennettu. Yritä hetken päästä uudelleen.
storage-unsure = Tietokantani lakkasi vastaamasta kesken tallennuksen, joten en tiedä, tallentuiko se. Kirjoita hetken päästä `lauta`, niin näet.

# Peli, jonka tallennettua tietoa ei voi lukea, siirretään syrjään: sitä ei pelata, ja pelaajat ovat vapaita.
damage-position = sen tallennettu asema on vioittunut
damage-start = sen tallennettu muunnelma tai alkuasema on vioittunut
damage-moves = jokin sen tallennetuista siirroista on vioittunut
damage-record = sen tallennettu tieto on vioittunut
set-aside-notice = Peliä #{ $id } ({ $white } vastaan { $black }) ei voi lukea tietokannastani: { $damage }. Siirsin sen syrjään, joten { $white } ja { $black } voivat pelata muita pelejä. Kanavan ylläpitäjä voi katsoa sitä komennolla `{ $command } { $id }` ja päättää sen komennolla `{ $command } { $id } { $end }`.
set-aside-notice-bot = Peliä #{ $id } ({ $name } vastaan Tammi) ei voi lukea tietokannastani: { $damage }. Siirsin sen syrjään, joten { $name } voi pelata muita pelejä. Kanavan ylläpitäjä voi katsoa sitä komennolla `{ $command } { $id }` ja päättää sen komennolla `{ $command } { $id } { $end }`.
game-unreadable = Peliä #{ $id } ei voi lukea tietokannastani, joten se on siirretty syrjään: kukaan ei voi pelata sitä. Kanavan ylläpitäjä voi katsoa sitä komennolla `{ $command } { $id }`.
set-aside-none = Tällä kanavalla ei ole syrjään siirrettyjä pelejä.
set-aside-list = Täällä syrjään siirretyt pelit, joita ei voi lukea tietokannastani:
set-aside-line = #{ $id } { $white } vastaan { $black }: { $damage }
set-aside-line-ended = #{ $id } { $white } vastaan { $black }: { $damage } (päätetty)
set-aside-list-end = Katso yhtä komennolla `{ $command } <numero>`; päätä peli komennolla `{ $command } <numero> { $end }`.
set-aside-details = Peli #{ $id }: { $white } vastaan { $black }, säännöt ”{ $variant }”. Sitä ei voi lukea: { $damage }.
set-aside-details-what = Mikä epäonnistui: { $detail }
set-aside-details-start = Tallennettu alkuasema: `{ $text }`
set-aside-details-fen = Tallennettu asema: `{ $text }`
set-aside-details-moves = Tallennetut siirrot: `{ $text }`
set-aside-details-active = Peli oli kesken. Päätä se komennolla `{ $command } { $id } { $end }` (päättyy ilman tulosta, ei vaikuta vahvuuslukuihin).
set-aside-details-ended = Peli on päätetty.
set-aside-ended = Peli #{ $id } on päätetty: se päättyi ilman tulosta eikä vaikuta vahvuuslukuihin. Se pysyy syrjässä.
no-set-aside-game = Tällä kanavalla ei ole syrjään siirrettyä peliä #{ $id }. Kirjoita `rikki`, niin näet ne, jotka ovat.
set-aside-ended-already = Peli #{ $id } on jo päätetty.
broken-not-allowed = Vain tämän kanavan ylläpitäjät voivat katsoa tai päättää syrjään siirrettyjä pelejä (Discordissa: Palvelimen tai kanavien hallinta; Telegramissa: ryhmän ylläpitäjät).
broken-usage = Kirjoita `rikki`, niin näet luettelon, `rikki <numero>`, niin näet yhden pelin, ja `rikki <numero> lopeta`, niin peli päättyy.

cmd-broken = Pelit, jotka on siirretty syrjään, koska niitä ei voi lukea (kanavan ylläpitäjille)
opt-broken-game = Syrjään siirretyn pelin numero
opt-broken-end = Päätä se peli (ilman tulosta, ei vaikuta vahvuuslukuihin)
option-name-end = lopeta
words-command-broken = rikki, vioittuneet
words-broken-end = lopeta, päätä
usage-broken = `{ $word } [#numero] [lopeta]`
options-broken = ilman numeroa kanavan syrjään siirretyt pelit; numeron kanssa, mitä pelistä on tallennettu; `lopeta` päättää sen (ilman tulosta, ei vaikuta vahvuuslukuihin). Vain kanavan ylläpitäjät.
