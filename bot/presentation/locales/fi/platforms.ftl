# Chat-alustojen omat tekstit ja päättyneen pelin tulos.

# Päättyneen pelin tulos: pisteet kuten PDN:ssä, sitten voittaja.
result-won = { $score }, { $winner } voitti
result-drawn = { $score }, tasapeli
