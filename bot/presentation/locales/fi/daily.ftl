# Päivän tehtävä (`asetukset tehtävä päivittäin [HH:MM]`, `asetukset tehtävä pois`): bot/chat/daily.py,
# bot/flows/daily.py, bot/presentation/daily_text.py.

words-daily-on = päivittäin, päivän, joka-päivä
option-name-puzzle = tehtävä
option-name-time = aika
opt-settings-puzzle = Päivän tehtävä täällä: päivittäin tai pois
opt-settings-time = Päivän tehtävän kellonaika, UTC, muodossa HH:MM (oletuksena 09:00)
choice-daily-daily = Päivittäin: yksi tehtävä päivässä
choice-daily-off = Pois
settings-daily-on-today = Päivän tehtävä täällä: joka päivä kello { $time } UTC, seuraava tänään (`{ $command } tehtävä pois` lopettaa sen).
settings-daily-on-tomorrow = Päivän tehtävä täällä: joka päivä kello { $time } UTC, seuraava huomenna (`{ $command } tehtävä pois` lopettaa sen).
settings-daily-off = Päivän tehtävä täällä: pois (`{ $command } tehtävä päivittäin 09:00` tuo yhden tehtävän päivässä kello 09:00 UTC).
settings-puzzle-usage = Kerro, milloin päivän tehtävä tulee: `asetukset tehtävä päivittäin` (kello 09:00 UTC), `asetukset tehtävä päivittäin 18:30` (kellonaika, UTC) tai `asetukset tehtävä pois`.

daily-heading = Päivän tehtävä!
daily-ended = Tehtävä #{ $id } päättyy ratkaisematta, jotta uusi mahtuu; sen ratkaisu: { $line }.
daily-none-new = Ei uutta päivän tehtävää tänään: tällä kanavalla on nähty kaikki { $seen } tehtävää, jotka minulla on säännöin { $variant }, enkä näytä samaa kahdesti. Uusia tulee täällä pelatuista peleistä.
daily-none-at-all = Ei päivän tehtävää tänään: minulla ei ole vielä tehtäviä säännöin { $variant }.
