# Laudat kaikille (issue 24): laudan kuva sanoin, tekstilauta, laudan alla olevat siirtovalikot ja se,
# miten päin yhteisen kanavan laudat ovat. Samat tunnisteet ja paikkamerkit kuin en/boards.ftl:ssä.

## Laudan kuva sanoin (Discordin liitteen kuvaus; Telegramin kuvatekstin perässä)

board-alt = Pelin #{ $id } lauta, { $variant }. { $status }; { $last }. { $material }.
board-alt-turn = Vuorossa { $side } ({ $name })
board-alt-over = Peli on päättynyt: { $result }
board-alt-last = viimeisin siirto { $move }
board-alt-no-moves = siirtoja ei ole vielä pelattu
board-alt-side = { $side } { $men ->
    [one] 1 tavallinen nappula
   *[other] { $men } tavallista nappulaa
}, { $kings ->
    [one] 1 kuningas
   *[other] { $kings } kuningasta
}
board-alt-material = Nappulat: { $first }; { $second }

## Laudan alla olevat siirtovalikot (Discordin valikot; enintään 150 merkkiä)

picker-moves = Valitse siirto: { $side }
picker-pieces = Valitse siirrettävä nappula: { $side }
picker-piece-moves = Ruudun { $square } nappulan siirrot:
picker-no-moves = Ruudun { $square } nappulalla ei ole nyt siirtoa.
board-moved-on = Tuo valikko kuuluu pelin #{ $id } aiempaan asemaan. Valitse uusimman laudan alta.

## `lauta teksti`

usage-board = `{ $word } [#numero] [teksti]`
options-board = ilman numeroa pelisi täällä (tai viimeisin pelisi); `teksti`: lauta tekstinä tasalevyisessä lohkossa ruudunlukijoille ja hitaille yhteyksille.
words-board-text = teksti, tekstinä
option-name-text = teksti
opt-board-text = Näytä lauta tekstinä (ruudunlukijoille ja hitaille yhteyksille)

## Miten päin yhteisen kanavan laudat ovat (`asetukset lauta kiinteä|vuoro`)

settings-board-fixed = Laudat täällä: paikallaan, kunkin pelin aloittaja alhaalla (`{ $command } lauta vuoro` kääntää ne vuorossa olevan puolelta).
settings-board-turn = Laudat täällä: vuorossa olevan puolelta (`{ $command } lauta kiinteä` pitää kunkin pelin aloittajan alhaalla).
settings-board-usage = Kerro, miten päin laudat täällä ovat: `asetukset lauta kiinteä` (kunkin pelin aloittaja alhaalla) tai `asetukset lauta vuoro` (vuorossa olevan puolelta).
usage-settings = `{ $word } [en|fi] [englantilainen|italialainen|kansainvälinen] [lauta kiinteä|vuoro] [turnaukset ylläpitäjät|kuka-tahansa] [elävä päälle|pois] [ketjut päälle|pois] [tehtävä päivittäin [HH:MM] | tehtävä pois]`
options-settings = kieli, jolla Tammi vastaa täällä; haasteen säännöt, kun se ei nimeä muita; `lauta kiinteä`: pelin jokainen lauta piirretään aloittaja alhaalla koko pelin ajan (uusien kanavien oletus); `lauta vuoro`: jokainen lauta piirretään vuorossa olevan puolelta (kuten kanavilla, jotka käyttivät Tammia ennen tätä asetusta); `turnaukset ylläpitäjät`: vain kanavan ylläpitäjät saavat avata turnauksen (muuten kuka tahansa saa). `elävä päälle`: jokaisella pelillä on yksi elävä lauta, jonka viestiä muokataan joka siirron jälkeen uuden laudan sijaan (`nosta` tai Nosta-painike tuo sen uudelleen alimmaksi; jos laudan viesti on poistettu, lähetän uuden); oletuksena pois kaikilla kanavilla. `ketjut päälle` (Discord): jokainen uusi peli saa oman ketjun, joka tehdään haasteesta sen tullessa hyväksytyksi ja johon pelin siirrot ja ilmoitukset menevät (tarvitsen oikeuden luoda julkisia ketjuja); oletuksena pois. `tehtävä päivittäin 09:00`: päivän tehtävä, yksi tehtävä tänne joka päivä siihen aikaan (UTC; oletuksena 09:00), aina sellainen, jota tällä kanavalla ei ole vielä nähty, ensin täällä pelatuista peleistä; silloin vielä auki oleva tehtävä päättyy ratkaisuineen; `tehtävä pois` lopettaa sen. Yksityisissä keskusteluissa näet aina oman puolesi, ja Tammia vastaan oma puolesi on alhaalla. Asetuksia voivat muuttaa vain kanavan hallitsijat; kaikki voivat katsoa niitä.
words-settings-board = lauta, laudat
words-board-fixed = kiinteä, paikallaan
words-board-turn = vuoro, kääntyvä
option-name-board = lauta
opt-settings-board = Miten päin laudat ovat täällä: paikallaan vai vuorossa olevan puolelta
choice-board-turn = Vuorossa olevan puolelta
choice-board-fixed = Paikallaan: kunkin pelin aloittaja alhaalla
