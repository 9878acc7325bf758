## Turnaukset kanavalla (bot/presentation/tournament_text.py, bot/chat/tournament.py)

cmd-tournament = Turnaus tällä kanavalla: avaa, liity, aloita, tilanne
cmd-tournament-new = Avaa turnaus tälle kanavalle
cmd-tournament-join = Liity turnaukseen
cmd-tournament-leave = Poistu turnauksesta (kesken pelien: luovu)
cmd-tournament-start = Aloita turnaus (sen järjestäjä)
cmd-tournament-status = Turnaus: pelaajat, kierros, parit, pelit
cmd-tournament-standings = Tilanne ja sen ratkaisevat lisäpisteet
cmd-tournament-cancel = Peru turnaus (sen järjestäjä tai kanavan ylläpitäjä)
cmd-tournament-pdn = Turnauksen kaikki pelit yhtenä PDN-tiedostona
opt-tournament-new-format = kaikki-kaikkia (jokainen pelaa jokaista vastaan) tai sveitsiläinen
opt-tournament-new-variant = Säännöt: englantilainen, italialainen tai kansainvälinen
opt-tournament-new-rounds = Sveitsiläinen: kierrosten määrä (muuten tavallinen pelaajamäärälle)
opt-tournament-new-days = Päivät, jotka pelaajalla on siirtoa kohden (3, ellei muuta sanota)
opt-tournament-new-double = Kaikki-kaikkia: jokaista vastaan kahdesti, värit vaihtaen (enintään 6 pelaajaa)
option-name-format = muoto
option-name-rounds = kierrokset
option-name-days = päivät
option-name-double = kaksinkertainen
usage-tournament = `{ $word } [uusi [kaikki-kaikkia|sveitsiläinen] [englantilainen|italialainen|kansainvälinen] [kaksinkertainen] [kierrokset N] [päivät N] | liity | poistu | aloita | tilanne | peru | pdn]`
options-tournament = yksinään: tämän kanavan turnaus, sen pelaajat, kierros ja parit. Jokaisessa pelissä on N päivää siirtoa kohden (oletus 3): siirtovuorossa oleva saa muistutuksen päivää ennen, ja aika loppuessa peli hävitään. Kierros arvotaan, kun edellisen kierroksen viimeinen peli päättyy. Jos sinulla on täällä turnauspeli ja toinen peli, kirjoitettu siirto (tai komento ilman pelin numeroa) menee peliin, jossa on sinun vuorosi, ja turnauspeliin, jos vuoro on sinun molemmissa.

words-command-tournament = turnaus
words-tournament-new = uusi, avaa, perusta
words-tournament-join = liity, mukaan
words-tournament-leave = poistu, eroa, lähde
words-tournament-start = aloita, käynnistä
words-tournament-status = tila, näytä
words-tournament-standings = tilanne, taulukko, tulokset
words-tournament-cancel = peru, peruuta
words-tournament-pdn = pdn
words-tournament-round-robin = kaikki-kaikkia, kaikkikaikkia, round-robin
words-tournament-swiss = sveitsiläinen, sveitsi
words-tournament-double = kaksinkertainen, kahdesti
words-tournament-rounds = kierrokset, kierrosta, kierros
words-tournament-days = päivät, päivää, päivä

btn-tournament-join = Liity
btn-tournament-standings = Tilanne

tournament-format-round-robin = Kaikki-kaikkia
tournament-format-double = Kaksinkertainen kaikki-kaikkia
tournament-format-swiss = Sveitsiläinen
tournament-terms = { $format }, { $variant }, { $days ->
    [one] 1 päivä siirtoa kohden
   *[other] { $days } päivää siirtoa kohden
}
tournament-terms-rounds = { $format }, { $rounds ->
    [one] 1 kierros
   *[other] { $rounds } kierrosta
}, { $variant }, { $days ->
    [one] 1 päivä siirtoa kohden
   *[other] { $days } päivää siirtoa kohden
}
tournament-title = Turnaus #{ $id }: { $terms }
tournament-opened = { $name } avasi turnauksen: { $title }.
tournament-players = { $count ->
    [one] 1 pelaaja
   *[other] { $count } pelaajaa
}: { $names }
tournament-nobody = ei vielä ketään
tournament-how-to-join = Liity komennolla `{ $join }` tai Liity-painikkeella; { $name } aloittaa sen komennolla `{ $start }`.
tournament-joined = { $name } liittyi turnaukseen #{ $id }.
tournament-left = { $name } poistui turnauksesta #{ $id }.
tournament-withdrew = { $name } luopui turnauksesta #{ $id }: ei enää pelejä, ja kesken oleva peli on hävitty.
tournament-cancelled = Turnaus #{ $id } peruttiin.
tournament-cancelled-games = Sen kesken olleet pelit päättyivät ilman tulosta: { $games }.
tournament-stage-open = Avoinna pelaajille; { $organiser } aloittaa sen.
tournament-stage-running = Käynnissä.
tournament-stage-finished = Päättynyt.
tournament-stage-cancelled = Peruttu.
tournament-round = Kierros { $round }/{ $rounds }:
tournament-ballot = Avaus { $number }: jokainen peli alkaa siirroilla { $moves }.
tournament-board = { $board }. { $white } - { $black }: { $state }
tournament-board-bye = { $board }. { $name } on vapaalla tällä kierroksella.
tournament-state-playing = peli #{ $id }, vuorossa { $name }
tournament-state-over = peli #{ $id }, { $score }
tournament-state-forfeit = { $score } luovutusvoittona
tournament-days-note = { $days ->
    [one] Jokaisella pelaajalla on 1 päivä siirtoa kohden; ajan loppuessa peli hävitään.
   *[other] Jokaisella pelaajalla on { $days } päivää siirtoa kohden; ajan loppuessa peli hävitään.
}
tournament-to-play = Vielä pelaamatta tällä kierroksella: { $names }.
tournament-winner = Voittaja: { $names }, { $points } pistettä!
tournament-winners = Jaetulla ykkössijalla: { $names }, { $points } pistettä!
tournament-standings-final = Lopputilanne { $round }/{ $rounds } kierroksen jälkeen:
tournament-standings-in = Tilanne kierroksella { $round }/{ $rounds }:
tournament-col-place = #
tournament-col-player = Pelaaja
tournament-col-points = P
tournament-col-games = Pelit
tournament-col-score = V-T-H
tournament-tiebreak-sonneborn-berger = SB
tournament-tiebreak-buchholz = Buch
tournament-tiebreak-median-buchholz = Med
tournament-tiebreaks-round-robin = Tasapisteet ratkaisee Sonneborn-Berger (SB: voitettujen vastustajien pisteet ja puolet tasapelivastustajien pisteistä).
tournament-tiebreaks-swiss = Tasapisteet ratkaisee Buchholz (Buch: vastustajien pisteet), sitten mediaani-Buchholz (Med: sama ilman parasta ja huonointa heistä).
tournament-withdrawn-mark = † luopui.
tournament-pdn = Turnaus #{ $id }: { $count ->
    [one] 1 peli
   *[other] { $count } peliä
} PDN-muodossa.
tournament-pdn-none = Turnauksessa #{ $id } ei ole vielä pelejä.
tournament-game = Turnaus #{ $id }, kierros { $round }:
tournament-move-due = { $name }, sinun siirtosi turnauspelissä #{ $id }: peli hävitään ajan loppuessa { $time }.
tournament-over = Turnaus #{ $id } on päättynyt.

end-time = Pelaajalta { $loser } loppui siirtoaika. { $winner } voittaa.
end-withdrawn = { $loser } luopui turnauksesta. { $winner } voittaa.
end-cancelled = Turnaus peruttiin: peli päättyy ilman tulosta.

tournament-usage = En tunne sanaa ”{ $word }” turnauskomennossa. Kokeile `turnaus`, `turnaus uusi`, `liity`, `poistu`, `aloita`, `tilanne`, `peru` tai `pdn`.
tournament-new-usage = En ymmärrä tässä sanaa ”{ $word }”. Kirjoita esimerkiksi `turnaus uusi sveitsiläinen englantilainen kierrokset 4 päivät 3`.
tournament-rounds-swiss-only = Vain sveitsiläisessä valitaan kierrosten määrä: kaikki-kaikkia-turnauksessa niitä on niin monta kuin pelaajat tarvitsevat (sano `kaksinkertainen` pelataksesi jokaista vastaan kahdesti).
tournament-double-round-robin-only = Vain kaikki-kaikkia-turnaus voi olla kaksinkertainen.
tournament-rounds-range = Turnauksessa on 1–{ $max } kierrosta.
tournament-days-range = Siirtoon saa käyttää 1–{ $max } päivää.
tournament-exists = Tällä kanavalla on jo turnaus #{ $id }: katso `turnaus`.
tournament-none = Tällä kanavalla ei ole turnausta. Avaa sellainen komennolla `turnaus uusi`.
tournament-not-open = Turnaukseen #{ $id } ei oteta pelaajia.
tournament-already-in = Olet jo turnauksessa #{ $id }.
tournament-full = Turnaus on täynnä ({ $max } pelaajaa).
tournament-not-in = Et pelaa turnauksessa #{ $id }.
tournament-not-organiser = Vain järjestäjä ({ $name }) tai kanavan ylläpitäjä voi tehdä sen.
tournament-too-few = Turnaukseen tarvitaan vähintään { $min } pelaajaa.
tournament-rounds-too-many = { $players } pelaajaa voi pelata enintään { $max } sveitsiläistä kierrosta kohtaamatta uudelleen (pyydettiin { $rounds }).
tournament-no-undo = Turnauspelin (#{ $id }) siirtoja ei voi perua.
tournament-managers-only = Vain kanavan ylläpitäjät voivat avata turnauksen täällä (kanavan asetus).

## Kuka saa avata turnauksen kanavalla (`asetukset turnaukset ylläpitäjät|kuka-tahansa`)

settings-tournaments-anyone = Turnaukset täällä: kuka tahansa voi avata sellaisen (`{ $command } turnaukset ylläpitäjät` jättää sen kanavan ylläpitäjille).
settings-tournaments-managers = Turnaukset täällä: vain kanavan ylläpitäjät avaavat niitä (`{ $command } turnaukset kuka-tahansa` sallii kaikille).
settings-tournaments-usage = Sano, kuka saa avata turnauksen täällä: `asetukset turnaukset ylläpitäjät` tai `asetukset turnaukset kuka-tahansa`.
words-settings-tournaments = turnaukset, turnaus
words-openers-managers = ylläpitäjät, ylläpito, valvojat
words-openers-anyone = kuka-tahansa, kukatahansa, kaikki, jokainen
option-name-tournaments = turnaukset
opt-settings-tournaments = Kuka saa avata turnauksen täällä: kuka tahansa tai kanavan ylläpitäjät
choice-openers-anyone = Kuka tahansa saa avata turnauksen
choice-openers-managers = Vain kanavan ylläpitäjät
