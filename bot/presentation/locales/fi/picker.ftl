# Siirtäminen napauttamalla Telegramissa: siirtovalikko pelilaudan viestin painikkeiden paikalla
# (bot/presentation/taps.py). Kehote näkyy lyhyenä ilmoituksena keskustelun yläreunassa.

taps-piece = Peli #{ $id }: napauta siirrettävää nappulaa ({ $side }).
taps-landing = Napauta ruutua, johon ruudun { $square } nappula siirtyy.
taps-next = { $path }: napauta seuraavaa ruutua, johon nappula hyppää.
taps-back = « Takaisin
taps-cancel = ✕ Peru
taps-stale = Tämä siirtovalikko on vanhentunut: peli #{ $id } on muuttunut sen avaamisen jälkeen. Paina Siirrä uudelleen.
