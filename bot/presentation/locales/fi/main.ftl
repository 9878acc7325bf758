# Tammin tekstit suomeksi. Jokaisen viestin on oltava myös tiedostossa en.ftl samoin paikanpitäjin
# (tests/bot/test_catalogue.py tarkistaa). Lukumäärät valitsevat sanansa CLDR:n monikkoluokilla
# (suomessa one = tasan 1, muuten other).

## Yleiset

internal-error = Anteeksi, jotain meni vikaan minun päässäni. Yritä uudelleen.
too-long = Viesti on liian pitkä luettavakseni.
not-understood = En ymmärtänyt. Kirjoita `ohje`, niin näet mitä osaan.
# Kysymys, johon sääntöohjeessa ei ole vastausta (sää, muut pelit). `rules`, `help`: komentojen sanat.
not-a-rules-question = Tämä ei näytä kysymykseltä tammen säännöistä, joten minulla ei ole siihen vastausta. Kirjoita `{ $rules }`, niin näet sääntöaiheet, tai `{ $help }`, niin näet, mitä osaan.
unknown-button = Tämä painike ei enää toimi.
no-game = Sinulla ei ole peliä tällä kanavalla. Aloita komennolla `haasta` tai `pelaa`.
no-such-game = Peliä #{ $id } ei ole.
not-a-player = Et pelaa pelissä #{ $id }.
game-finished = Peli #{ $id } on jo päättynyt.
conflict = Peli muuttui juuri, kun tarkistin pyyntöäsi. Katso lauta ja yritä uudelleen.
unknown-variant = En tunne sääntöjä ”{ $name }”. Valitse englantilainen, italialainen tai kansainvälinen.
unknown-person = En tiedä, kuka ”{ $name }” on. Mainitse hänet (@nimi) tai pyydä häntä kirjoittamaan jotain ensin.

## Haasteet

challenge-open = { $challenger } haastaa kenet tahansa peliin: { $variant } ({ $colours }). Paina Hyväksy tai kirjoita `hyväksy`.
challenge-direct = { $target }, { $challenger } haastaa sinut peliin: { $variant } ({ $colours }). Hyväksytkö vai hylkäätkö?
challenge-rematch = Uusintaottelu pelille #{ $game }, värit vaihdettuina.
challenge-expires = Haaste vanhenee { $time } kuluttua.
colours-random = värit arvotaan
colours-chosen = { $name } pelaa: { $side }
tournament-note = Turnaussäännöt: ensimmäisestä laittomasta siirtoyrityksestä tulee varoitus, toinen häviää pelin.
challenge-self = Et voi haastaa itseäsi. Minua vastaan voit pelata komennolla `pelaa`.
challenge-busy-self = Sinulla on jo peli tällä kanavalla (#{ $id }). Pelaa se ensin loppuun.
challenge-busy-other = Pelaajalla { $name } on jo peli tällä kanavalla.
challenge-pending = Sinulla on jo avoin haaste täällä (#{ $id }). Peru se ensin komennolla `peru`.
no-challenge = Täällä ei ole sinulle avointa haastetta.
challenge-not-for-you = Haaste on tarkoitettu pelaajalle { $name }, ei sinulle.
challenge-gone = Haaste ei ole enää avoinna.
challenge-own = Et voi hyväksyä omaa haastettasi. Voit perua sen komennolla `peru`.
challenge-declined = { $name } hylkäsi pelaajan { $challenger } haasteen.
challenge-cancelled = { $challenger } perui haasteen.
challenge-nothing-to-cancel = Sinulla ei ole avointa haastetta täällä.
challenge-expired = Pelaajan { $challenger } haaste (#{ $id }) vanheni ilman vastausta.
game-started = Peli #{ $id } alkaa: { $white } ({ $white_side }) vastaan { $black } ({ $black_side }), { $variant }.
how-to-move = Kirjoita siirtosi viestinä, esimerkiksi { $example }.

## Siirrot ja lauta

moved = { $name } siirsi { $move }.
turn = Siirtovuorossa { $side } ({ $name }).
board-title = Peli #{ $id }: { $white } ({ $white_side }) vastaan { $black } ({ $black_side }), { $variant }
board-moves = Siirtoja pelattu: { $count }. Viimeisin: { $last }.
board-no-moves = Siirtoja ei ole vielä pelattu.
not-your-turn = Ei ole vuorosi: siirtovuorossa on { $side } ({ $name }).
legal-moves = Sallitut siirrot ({ $side }): { $moves }
legal-moves-wait = Vuorossa on { $side } ({ $name }). Sallitut siirrot: { $moves }
refused = { $move } ei käy: { $reason }
refused-options = Mahdolliset siirrot: { $moves }
rule-pointer = Sääntö: `{ $command }` ({ $title }).
tournament-warning = Varoitus (turnaussäännöt): tämä oli laiton siirtoyritys. Toinen yritys häviää pelin.
draw-declined-by-move = Siirto hylkäsi tasapelitarjouksen.
undo-declined-by-move = Siirto hylkäsi perumispyynnön.
claim-possible = Nyt voi vaatia tasapeliä ({ $kind }): kumpi tahansa pelaaja voi kirjoittaa `vaadi`.
kind-threefold = kolminkertainen toisto
kind-forty-moves = 40 siirron sääntö

## Pelin päättyminen

end-no-moves = { $winner } voittaa: pelaajalla { $loser } ei ole laillista siirtoa.
end-resign = { $loser } luovutti. { $winner } voittaa.
end-agreement = Tasapeli sopimuksella.
end-threefold = Tasapeli: sama asema toistui kolmannen kerran.
end-no-progress = Tasapeli: liian monta siirtoa ilman lyöntiä tai tavallisen nappulan siirtoa.
end-endgame = Tasapeli loppupelisäännöllä: kuningas ei voittanut sallituissa siirroissa.
end-claim-threefold = { $name } vaati tasapeliä kolminkertaisen toiston perusteella. Tasapeli.
end-claim-forty-moves = { $name } vaati tasapeliä 40 siirron säännön perusteella. Tasapeli.
end-abandon = { $winner } voittaa: { $loser } ei siirtänyt { $time }.
end-illegal-moves = { $loser } yritti toisen kerran laitonta siirtoa ja häviää turnaussääntöjen mukaan. { $winner } voittaa.
end-other = Peli päättyi: { $result }.
rated-note = Pisteytetty peli.
unrated-short = Ei pisteytetä: peli oli liian lyhyt.

## Luovutus, tasapelit, vaateet, peruminen

resign-confirm = Luovutatko pelin #{ $id }? Tätä ei voi perua.
draw-offered = { $name } tarjoaa tasapeliä. { $opponent }, hyväksytkö?
draw-after-own-move = Voit tarjota tasapeliä heti oman siirtosi jälkeen tai sen yhteydessä (esimerkiksi `9-13 tasapeli`).
offer-pending = Tarjous odottaa jo vastausta.
no-draw-offer = Vastattavaa tasapelitarjousta ei ole.
own-offer = Et voi vastata omaan tarjoukseesi.
draw-declined = { $name } hylkäsi tasapelitarjouksen.
claim-nothing = Nyt ei ole mitään vaadittavaa.
claim-draw-rules = Englantilaisessa tammessa tasapeliä voi vaatia kolminkertaisen toiston jälkeen tai kun kumpikin on tehnyt 40 siirtoa ilman lyöntiä tai tavallisen nappulan siirtoa.
claim-abandon-wait = Voit vaatia voittoa, jos { $name } ei siirrä { $time } (nyt on kulunut { $since }).
undo-requested = { $name } pyytää saada perua viimeisen siirtonsa ({ $move }). { $opponent }, hyväksytkö?
undo-not-possible = Voit perua vain oman viimeisen siirtosi ennen kuin vastustaja vastaa.
no-undo-request = Vastattavaa perumispyyntöä ei ole.
undo-done = Siirto { $move } peruttiin.
undo-declined = { $name } hylkäsi perumispyynnön.

## Botti vastustajana

bot-level-bad = Tason pitää olla luku 1–{ $max }.
bot-thinking = { $name } miettii…
bot-failed = En löytänyt siirtoa pelissä #{ $id }. Anteeksi: peli jää ennalleen.
bot-undo = Viimeisin siirtosi ja vastaukseni peruttiin.

## Listat, viennit, tilastot

games-none = Tällä kanavalla ei ole käynnissä pelejä.
games-header = Tämän kanavan pelit:
games-line = #{ $id } { $white } ({ $white_side }) – { $black } ({ $black_side }), { $variant }, { $plies ->
        [one] { $plies } siirto
       *[other] { $plies } siirtoa
    }, vuorossa { $side }
challenges-header = Avoimet haasteet:
challenges-line = #{ $id } { $challenger } → { $target }, { $variant }
anyone = kuka tahansa
no-game-to-show = Sinulla ei ole täällä peliä näytettäväksi. Anna pelin numero, esimerkiksi `pdn 3`.
pdn = Pelin #{ $id } PDN:
gif = Pelin #{ $id } uusinta.
pictures-unavailable = Kuvat eivät ole käytettävissä.
stats = { $name }: { $games ->
        [one] { $games } peli
       *[other] { $games } peliä
    }, { $wins ->
        [one] { $wins } voitto
       *[other] { $wins } voittoa
    }, { $losses ->
        [one] { $losses } tappio
       *[other] { $losses } tappiota
    }, { $draws ->
        [one] { $draws } tasapeli
       *[other] { $draws } tasapeliä
    }, { $active } kesken.
stats-ratings = Vahvuusluvut tällä kanavalla:
# Yhden pelimuodon vahvuusluku; $rating on luku, jossa on ?, kun se on alustava.
stats-rating = { $variant }: { $rating } ({ $rated ->
        [one] { $rated } pisteytetty peli
       *[other] { $rated } pisteytettyä peliä
    }: { $wins ->
        [one] { $wins } voitto
       *[other] { $wins } voittoa
    }, { $draws ->
        [one] { $draws } tasapeli
       *[other] { $draws } tasapeliä
    }, { $losses ->
        [one] { $losses } tappio
       *[other] { $losses } tappiota
    })
stats-unrated = Ei vielä pisteytettyjä pelejä tällä kanavalla.
rating-provisional-note = Vahvuusluku, jonka perässä on ?, on alustava: se on vielä epävarma (vähien pelien tai pitkän tauon jälkeen), eikä se näy rankinglistalla ennen kuin se vakiintuu.
leaderboard-header = Tämän kanavan rankinglista, { $variant }:
leaderboard-none-settled = { $variant }: yksikään tämän kanavan vahvuusluku ei ole vielä vakiintunut.
leaderboard-provisional = { $count ->
        [one] { $count } pelaajan vahvuusluku on alustava (`tilastot` näyttää sen ?:llä), joten hän ei ole listalla ennen kuin luku vakiintuu.
       *[other] { $count } pelaajan vahvuusluvut ovat alustavia (`tilastot` näyttää ne ?:llä), joten he eivät ole listalla ennen kuin luvut vakiintuvat.
    }
leaderboard-line = { $rank }. { $name } — { $rating } ({ $games ->
        [one] { $games } peli
       *[other] { $games } peliä
    }: { $wins }–{ $losses }–{ $draws })
leaderboard-empty = Tällä kanavalla ei ole vielä pisteytettyjä pelejä: { $variant }.

## Asetukset, säännöt, ohje

settings-show = Kanavan asetukset — kieli: { $language }, säännöt: { $variant }.
settings-saved = Tallennettu. Kanavan asetukset — kieli: { $language }, säännöt: { $variant }.
settings-language-unset = ei valittu (kukin saa vastaukset omalla kielellään; sinulle { $language })
settings-bad-language = Kielen pitää olla en tai fi.
rules-unknown = En löydä sääntöaihetta hakusanalla ”{ $text }”. Aiheet:
help-intro = Tammi pelaa tammea: englantilaista, italialaista ja kansainvälistä. Kirjoita komento muodossa `!tammi <komento>`, `/<komento>` tai konsolissa pelkkä sana.
help-moves = Siirrä kirjoittamalla siirto viestinä: 9-13, 10x17x26 (tai 10x26) tai ruudut kuten c3-d4. Lisää `tasapeli`, niin tarjoat samalla tasapeliä.
help-command-line = { $words } — { $description }

## Muistutukset ja ilmoitukset

reminder = { $name }, on vuorosi pelissä #{ $id } pelaajaa { $other } vastaan. Jos et siirrä { $time } kuluessa, { $other } voi vaatia voittoa.
# Bottia vastaan: kukaan ei vaadi voittoa botin puolesta, joten peli vain odottaa.
reminder-bot = { $name }, on vuorosi pelissä #{ $id } pelaajaa { $other } vastaan. Peli odottaa sinua.
abandon-available = { $name }, { $other } ei ole siirtänyt pelissä #{ $id } { $time }: voit vaatia voittoa komennolla `vaadi`.

## Painikkeet ja dialogit

btn-accept = Hyväksy
btn-decline = Hylkää
btn-cancel = Peru
btn-move = Siirrä
btn-moves = Sallitut siirrot
btn-board = Lauta
btn-offer-draw = Tarjoa tasapeliä
btn-accept-draw = Hyväksy tasapeli
btn-decline-draw = Hylkää tasapeli
btn-resign = Luovuta
btn-resign-confirm = Kyllä, luovutan
btn-accept-undo = Salli peruminen
btn-decline-undo = Kiellä peruminen
btn-rematch = Uusinta
btn-claim = Vaadi
button-not-yours = Tämä painike on jollekulle toiselle.
done = Tehty.
move-dialog-title = Siirtosi
move-dialog-label = Siirto (esim. 9-13 tai 10x17x26)
move-dialog-expired = Ikkuna ei ole enää auki: paina Siirrä-painiketta uudelleen tai kirjoita siirtosi.

## Yhteenvedon kentät

field-players = Pelaajat
field-turn = Vuorossa
field-last = Viimeisin siirto
field-result = Tulos
vs = { $white } – { $black }
draw-result = tasapeli

## Puolet, säännöt, aika

side-red = punainen
side-white = valkoinen
side-black = musta
variant-english = englantilainen tammi
variant-italian = italialainen tammi
variant-international = kansainvälinen tammi
language-name-en = englanti
language-name-fi = suomi

## Aikavälit (`game_text.duration`): yhden yksikön määrä, kaksi yhdistettynä `duration-and`-viestillä.
## `$role` kertoo lauseen tarpeen: "in" genetiivi ("2 tunnin kuluessa", "1 päivän kuluttua"), "for"
## illatiivi kieltolauseessa ("ei siirtänyt 3 päivään"), "span" perusmuoto ("on kulunut 2 tuntia").
duration-day = { $role ->
    [in] { $count } päivän
    [for] { $count } päivään
   *[other] { $count ->
        [one] { $count } päivä
       *[other] { $count } päivää
    }
}
duration-hour = { $role ->
    [in] { $count } tunnin
    [for] { $count } tuntiin
   *[other] { $count ->
        [one] { $count } tunti
       *[other] { $count } tuntia
    }
}
duration-minute = { $role ->
    [in] { $count } minuutin
    [for] { $count } minuuttiin
   *[other] { $count ->
        [one] { $count } minuutti
       *[other] { $count } minuuttia
    }
}
duration-second = { $role ->
    [in] { $count } sekunnin
    [for] { $count } sekuntiin
   *[other] { $count ->
        [one] { $count } sekunti
       *[other] { $count } sekuntia
    }
}
duration-and = { $first } ja { $second }

## Tekstilauta (selite ja tilarivi laudan alla)

board-legend = { $men } ({ $kings } kuninkaat)
board-status = Vuorossa { $side }
board-status-last = Vuorossa { $side }; viimeisin siirto { $last }

## Konsoli

console-intro = Tammin konsoli. Tietokanta: { $database }. Kirjoita ohje, tai lopeta poistuaksesi.
console-speak-as = Aloita rivi muodossa nimi>, niin puhut jonakin toisena.
console-private = (vain pelaajalle { $name })

## Moottorin hylkäysten syyt

reason-bad-syntax = en tunnista sitä siirroksi. Kirjoita se muodossa 9-13, 10x17x26 tai c3-d4.
reason-too-long = siirto on pidempi kuin mikään mahdollinen siirto.
reason-not-a-square = se ei ole tämän laudan pelikenttä.
reason-no-piece = lähtöruudussa ei ole nappulaa.
reason-opponent-piece = nappula on vastustajan.
reason-capture-compulsory = lyöminen on pakollista, ja sinulla on lyönti.
reason-incomplete = lyönti on kesken: nappulan on jatkettava lyömistä.
reason-not-maximum = sinun on valittava lyönti, joka lyö eniten nappuloita.
reason-must-capture-with-king = yhtä suurista lyönneistä on valittava kuninkaan lyönti.
reason-must-capture-more-kings = yhtä suurista lyönneistä on valittava se, joka lyö eniten kuninkaita.
reason-must-meet-king-earlier = yhtä suurista lyönneistä on valittava se, joka kohtaa kuninkaan ensimmäisenä.
reason-man-cannot-capture-king = italialaisessa tammessa tavallinen nappula ei saa lyödä kuningasta.
reason-men-not-backward = tavallinen nappula ei saa liikkua taaksepäin.
reason-kings-do-not-fly = näissä säännöissä kuningas liikkuu vain yhden ruudun kerrallaan.
reason-occupied = kohderuutu on varattu.
reason-not-diagonal = nappulat liikkuvat vain vinottain.
reason-too-far = matka on liian pitkä tälle nappulalle.
reason-own-piece = omaa nappulaa ei voi hypätä.
reason-crowning-ends-move = lyönnin aikana kruunattu nappula pysähtyy: kruunaus päättää siirron (tässä ruudulla { $square }).
reason-game-over = peli on päättynyt.
reason-ambiguous = se sopii useampaan siirtoon; kirjoita koko reitti.
reason-not-legal = nappula ei voi mennä sinne.

## Komennot: kuvaukset

cmd-tammi = Pelaa tammea Tammin kanssa
cmd-challenge = Haasta pelaaja (tai kuka tahansa) peliin
cmd-accept = Hyväksy haaste
cmd-decline = Hylkää haaste
cmd-cancel = Peru haasteesi
cmd-play = Pelaa bottia vastaan
cmd-move = Tee siirto, esim. 9-13 tai 10x17x26
cmd-board = Näytä lauta
cmd-moves = Näytä sallitut siirtosi
cmd-resign = Luovuta peli
cmd-draw = Tarjoa, hyväksy tai hylkää tasapeli
cmd-claim = Vaadi tasapeli (toisto, 40 siirron sääntö) tai voitto hylätystä pelistä
cmd-undo = Pyydä oman siirtosi perumista
cmd-rematch = Uusintaottelu värit vaihdettuina
cmd-games = Tämän kanavan pelit
cmd-pdn = Vie pelisi PDN-muodossa
cmd-gif = Pelisi animaationa
cmd-rules = Selitä sääntö
cmd-stats = Tilastosi
cmd-leaderboard = Tämän kanavan rankinglista
cmd-settings = Kanavan asetukset: kieli, säännöt, laudat
cmd-help = Näin pelaat Tammin kanssa

## Komennot: valintojen kuvaukset

opt-challenge-opponent = Kenet haastat; tyhjä = avoin haaste
opt-challenge-variant = Säännöt: englantilainen, italialainen tai kansainvälinen
opt-challenge-colour = Värisi: satunnainen, valkoinen tai musta
opt-challenge-tournament = Turnaussäännöt: toinen laiton siirtoyritys häviää pelin
opt-play-level = Taso 1-5
opt-play-variant = Säännöt
opt-play-colour = Värisi
opt-move-move = Siirto
opt-draw-answer = Tarjoa, hyväksy tai hylkää tasapeli (oletus: tarjoa)
opt-undo-answer = Pyydä perumista, hyväksy tai hylkää pyyntö (oletus: pyydä)
opt-games-page = Listan sivu (oletus: ensimmäinen)
opt-rules-topic = Aihe tai kysymys
opt-rules-variant = Säännöt
opt-stats-player = Kenen
opt-leaderboard-variant = Mitkä säännöt (oletus: kanavan)
opt-settings-language = Kieli, jolla Tammi vastaa tällä kanavalla
opt-settings-variant = Oletussäännöt

## Komennot: valintojen nimet ja vaihtoehdot

option-name-opponent = vastustaja
option-name-variant = muunnelma
option-name-colour = väri
option-name-move = siirto
option-name-topic = aihe
option-name-level = taso
option-name-answer = vastaus
option-name-player = pelaaja
option-name-language = kieli
option-name-page = sivu
option-name-tournament = turnaus
choice-english = englantilainen
choice-italian = italialainen
choice-international = kansainvälinen
choice-random = satunnainen
choice-white = valkoinen
choice-black = musta
choice-draw-offer = Tarjoa tasapeliä
choice-draw-accept = Hyväksy tasapelitarjous
choice-draw-decline = Hylkää tasapelitarjous
choice-undo-request = Pyydä oman siirtosi perumista
choice-undo-accept = Hyväksy perumispyyntö
choice-undo-decline = Hylkää perumispyyntö

## Sanat, joita ihmiset kirjoittavat, pilkuin erotettuina. Komennon ensimmäinen sana on sen nimi
## tällä kielellä (Discordin suomenkielinen komento).

words-command-challenge = haasta
words-command-accept = hyväksy
words-command-decline = hylkää
words-command-cancel = peru
words-command-play = pelaa
words-command-move = siirrä, siirto
words-command-board = lauta
words-command-moves = siirrot
words-command-resign = luovuta
words-command-draw = tasapeli
words-command-claim = vaadi
words-command-undo = peruuta
words-command-rematch = uusinta
words-command-games = pelit
words-command-pdn = pdn
words-command-gif = gif
words-command-rules = säännöt, sääntö
words-command-stats = tilastot
words-command-leaderboard = ranking
words-command-settings = asetukset
words-command-help = ohje, apua
words-accept = hyväksy, kyllä, joo
words-decline = hylkää, ei, kiellä
words-offer = tarjoa, pyydä, pyyntö
words-open = avoin, kaikki, kuka, tahansa
words-tournament = turnaus
words-colour-white = valkoinen, valkea
words-colour-black = musta, punainen
words-colour-random = arvo, satunnainen
words-draw-suffix = tasapeli, tasan
words-language-en = englanti
words-language-fi = suomi
words-settings-filler = kieli, säännöt
words-press = paina
words-quit = lopeta
