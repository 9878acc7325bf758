# Chat-alustojen omat tekstit ja päättyneen pelin tulos.

# Päättyneen pelin tulos: pisteet kuten PDN:ssä, sitten voittaja.
result-won = { $score }, { $winner } voitti
result-drawn = { $score }, tasapeli

# `settings`-muutos henkilöltä, joka ei hallitse kanavaa.
settings-not-allowed = Vain kanavan hallitsijat voivat muuttaa sen asetuksia (Discordissa: Hallitse palvelinta tai Hallitse kanavia; Telegramissa: ryhmän ylläpitäjät). Kuka tahansa voi katsoa ne komennolla `asetukset`.

# Siirto tai komento viestistä, joka on lähetetty chatin nimissä (Telegram-kanava tai nimetön ryhmän ylläpitäjä, joka kirjoittaa ryhmän nimissä): se ei ole kenenkään.
chat-post-not-player = Kanavan tai ryhmän nimissä (nimettömänä ylläpitäjänä) lähetetyt viestit eivät voi pelata. Kirjoita omalla nimelläsi pelataksesi; `ohje`, `säännöt` ja `asetukset` vastaavat kaikille.

# Telegramin tulvaraja pidätti enemmän vastauksia kuin chatille säilytetään: sanotaan, kun säilytetyt on lähetetty.
telegram-replies-not-delivered = Telegram rajoitti, kuinka nopeasti saan kirjoittaa tänne, joten osa vastauksistani ei tullut perille. Lähetä /board nähdäksesi pelisi.

# Ohje: miten komennot annetaan kullakin alustalla, ja miten siirretään, kun kirjoitetut siirrot eivät tule perille.
help-intro-discord = Tammi pelaa tammea: englantilaista, italialaista ja kansainvälistä. Käytä komentoa `/tammi <komento>` tai mainitse @Tammi ja kirjoita komento perään.
help-intro-telegram = Tammi pelaa tammea: englantilaista, italialaista ja kansainvälistä. Lähetä komento muodossa `/<komento>`, esimerkiksi `/play`.
help-intro-console = Tammi pelaa tammea: englantilaista, italialaista ja kansainvälistä. Kirjoita komennon sana, esimerkiksi `pelaa`.
help-moves-discord-untyped = Siirrä laudan alla olevalla Siirrä-painikkeella tai komennolla `/tammi move` (esimerkiksi 9-13 tai 10x17x26); tällä palvelimella kirjoitetut viestit eivät tule Tammille.
help-moves-telegram-untyped = Napauta laudan alla Siirrä ja sitten nappulaasi ja jokaista ruutua, johon se siirtyy (Takaisin palaa askeleen, Peru keskeyttää); tai siirrä komennolla `/move 9-13` tai vastaamalla laudan viestiin siirrolla (esimerkiksi 9-13 tai 10x17x26).
help-moves-other-untyped = Siirrä laudan alla olevalla Siirrä-painikkeella tai komennolla `move` (esimerkiksi `move 9-13`).
how-to-move-discord-untyped = Siirrä laudan alla olevalla Siirrä-painikkeella tai komennolla `/tammi siirrä` (`/tammi move`), esimerkiksi `/tammi siirrä { $example }`.
how-to-move-telegram-untyped = Napauta laudan alla Siirrä ja sitten nappulaasi ja ruutua, johon se siirtyy; tai lähetä `/move { $example }` tai vastaa laudan viestiin siirrolla.
how-to-move-other-untyped = Siirrä laudan alla olevalla Siirrä-painikkeella tai komennolla `move` (esimerkiksi `move { $example }`).

# Discord, `help`-ohjeessa: henkilön tililleen lisäämä sovellus pelaa hänen yksityis- ja ryhmäviesteissään, mutta saa niissä vain vastata.
help-discord-user-install = Lisäsitkö Tammin omalle tilillesi etkä palvelimelle? Silloin `/tammi` ja sen painikkeet toimivat myös yksityis- ja ryhmäviesteissäsi, mutta niissä Discord sallii Tammin vain vastata, ei kirjoittaa omasta aloitteestaan: Tammin myöhemmät siirrot, muistutukset ja aikarajat tulevat 15 minuutin sisällä siellä annetusta viimeisestä komennosta tai painalluksesta, muuten vastauksena seuraavaan.
# Discord: vastaus, jota Discord ei ottanut vastaan uusintayrityksistäkään (pelin lauta tai jokin muu).
discord-board-undelivered = Pelin #{ $game } lauta ei mennyt perille Discordiin. Näet sen komennolla `/tammi lauta`.
discord-reply-undelivered = Tammin vastaus ei mennyt perille Discordiin. Kysy uudelleen.
# Discord: sanotaan kerran kanavalla, jolla Tammi ei saa liittää tiedostoja (laudat tulevat silloin ilman kuvaa).
discord-attach-files-missing = Tammi ei saa liittää tiedostoja tälle kanavalle, joten laudat tulevat ilman kuvaa. Palvelimen hallitsija voi antaa Tammille täällä oikeuden **Liitä tiedostoja** (Attach Files).
