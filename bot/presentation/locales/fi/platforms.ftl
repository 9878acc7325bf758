# Chat-alustojen omat tekstit ja päättyneen pelin tulos.

# Päättyneen pelin tulos: pisteet kuten PDN:ssä, sitten voittaja.
result-won = { $score }, { $winner } voitti
result-drawn = { $score }, tasapeli

# `settings`-muutos henkilöltä, joka ei hallitse kanavaa.
settings-not-allowed = Vain kanavan hallitsijat voivat muuttaa sen asetuksia (Discordissa: Hallitse palvelinta tai Hallitse kanavia; Telegramissa: ryhmän ylläpitäjät). Kuka tahansa voi katsoa ne komennolla `asetukset`.

# Ohje: miten komennot annetaan kullakin alustalla, ja miten siirretään, kun kirjoitetut siirrot eivät tule perille.
help-intro-discord = Tammi pelaa tammea: englantilaista, italialaista ja kansainvälistä. Käytä komentoa `/tammi <komento>` tai mainitse @Tammi ja kirjoita komento perään.
help-intro-telegram = Tammi pelaa tammea: englantilaista, italialaista ja kansainvälistä. Lähetä komento muodossa `/<komento>`, esimerkiksi `/play`.
help-intro-console = Tammi pelaa tammea: englantilaista, italialaista ja kansainvälistä. Kirjoita komennon sana, esimerkiksi `pelaa`.
help-moves-discord-untyped = Siirrä laudan alla olevalla Siirrä-painikkeella tai komennolla `/tammi move` (esimerkiksi 9-13 tai 10x17x26); tällä palvelimella kirjoitetut viestit eivät tule Tammille.
help-moves-telegram-untyped = Siirrä laudan alla olevalla Siirrä-painikkeella, komennolla `/move 9-13` tai vastaamalla laudan viestiin siirrolla (esimerkiksi 9-13 tai 10x17x26).
help-moves-other-untyped = Siirrä laudan alla olevalla Siirrä-painikkeella tai komennolla `move` (esimerkiksi `move 9-13`).

# Discord: vastaus, jota Discord ei ottanut vastaan uusintayrityksistäkään (pelin lauta tai jokin muu).
discord-board-undelivered = Pelin #{ $game } lauta ei mennyt perille Discordiin. Näet sen komennolla `/tammi lauta`.
discord-reply-undelivered = Tammin vastaus ei mennyt perille Discordiin. Kysy uudelleen.
# Discord: sanotaan kerran kanavalla, jolla Tammi ei saa liittää tiedostoja (laudat tulevat silloin ilman kuvaa).
discord-attach-files-missing = Tammi ei saa liittää tiedostoja tälle kanavalle, joten laudat tulevat ilman kuvaa. Palvelimen hallitsija voi antaa Tammille täällä oikeuden **Liitä tiedostoja** (Attach Files).
