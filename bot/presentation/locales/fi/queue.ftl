# Työjono (PostgreSQL, `[queue] use = true`): botin siirto tai analyysi, jota työprosessit yrittivät
# ja josta ne luopuivat (bot/flows/queued.py).

bot-given-up = En löytänyt siirtoa pelissä #{ $id }: työprosessit yrittivät { $tries ->
    [one] { $tries } kerran
   *[other] { $tries } kertaa
} ja luopuivat. Anteeksi: peli jää ennalleen.
review-given-up = Pelin #{ $id } analyysi epäonnistui: työprosessit yrittivät { $tries ->
    [one] { $tries } kerran
   *[other] { $tries } kertaa
} ja luopuivat. Pyydä myöhemmin uudelleen.
