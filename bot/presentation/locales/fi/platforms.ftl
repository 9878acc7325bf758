# Chat-alustojen omat tekstit ja päättyneen pelin tulos.

# Päättyneen pelin tulos: pisteet kuten PDN:ssä, sitten voittaja.
result-won = { $score }, { $winner } voitti
result-drawn = { $score }, tasapeli

# `settings`-muutos henkilöltä, joka ei hallitse kanavaa.
settings-not-allowed = Vain kanavan hallitsijat voivat muuttaa sen asetuksia (Discordissa: Palvelimen hallinta tai Kanavien hallinta; Telegramissa: ryhmän ylläpitäjät). Kuka tahansa voi katsoa ne komennolla `asetukset`.
