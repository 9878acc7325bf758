## Pelin analyysi ja vihjeet

cmd-review = Analysoi peli: kumpi oli paremmassa asemassa milloinkin, käännekohdat, yhteenveto
cmd-hint = Näytä hyvä siirto (peli bottia vastaan)
opt-review-game = Pelin numero (oletus: pelisi täällä)
words-command-review = analyysi, analysoi
words-command-hint = vihje

review-started = Analysoin pelin #{ $id } ({ $plies ->
        [one] { $plies } siirto
       *[other] { $plies } siirtoa
    }, noin { $seconds } s). Analyysi tulee tähän, kun se on valmis.
review-busy = Edellinen analyysisi on vielä kesken; pyydä uudelleen, kun se on valmis.
review-game-running = Peli #{ $id } on vielä kesken. Ihmisten välinen peli analysoidaan vasta sen päätyttyä, jotta kumpikaan ei saa ulkopuolista apua.
review-no-moves = Pelissä #{ $id } ei ole vielä siirtoja analysoitavaksi.
review-no-game = Sinulla ei ole täällä peliä analysoitavaksi. `pelit` näyttää kanavan pelit numeroineen; anna jonkin numero, esimerkiksi `analyysi 3`.
usage-review = `{ $word } [#numero]`
options-review = ilman numeroa pelisi täällä: käynnissä oleva (peli bottia vastaan analysoidaan kesken pelin, ihmisten välinen peli sen päätyttyä), muuten viimeisin pelisi. Numerolla mikä tahansa päättynyt peli.
review-failed = Pelin #{ $id } analyysi epäonnistui. Yritä myöhemmin uudelleen.
review-graph = Pelin #{ $id } analyysi: { $white } vastaan { $black }. Kuvaaja näyttää, kumpi oli paremmassa asemassa kunkin siirron jälkeen: { $white_side } viivan yläpuolella, { $black_side } sen alapuolella.
review-none = Ei käännekohtia: kumpikaan ei menettänyt materiaalia eikä päästänyt tulosta käsistään kuin vähän.
review-point = Siirto { $number }, { $name } ({ $side }): { $move } oli { $verdict } ({ $why }). Parempi: { $best }.
review-verdict-mistake = virhe
review-verdict-blunder = vakava virhe
review-why-win = voitto lipsui käsistä
review-why-draw = asema muuttui hävityksi
review-why-material = se menettää materiaalia
review-why-position = asema heikkeni
review-eval = Arvio puolelle { $side } nappuloina: { $before } ennen, { $after } jälkeen.
review-line = Jatko siirrolla { $best }: { $line }
review-refutation = Siirron { $move } jälkeen: { $line }
review-score-won = voitettu
review-score-lost = hävitty
review-more = { $count ->
        [one] { $count } käännekohta lisää jäi
       *[other] { $count } käännekohtaa lisää jäi
    } näyttämättä.
review-summary = Pelin #{ $id } yhteenveto:
review-summary-line = { $name } ({ $side }): { $moves ->
        [one] { $moves } siirto
       *[other] { $moves } siirtoa
    }, { $mistakes ->
        [one] { $mistakes } virhe
       *[other] { $mistakes } virhettä
    }, { $blunders ->
        [one] { $blunders } vakava virhe
       *[other] { $blunders } vakavaa virhettä
    }, tarkkuus { $accuracy } %.
review-accuracy-note = Tarkkuus on niiden siirtojen osuus, jotka säilyttivät arvion.

hint = Vihje pelaajalle { $name }: { $move } (nuoli laudalla).
hint-human-game = Vihjeet ovat vain peleihin Tammia vastaan: peli #{ $id } on ihmisten välinen, ja vihje olisi ulkopuolista apua.
hint-not-your-turn = Vihjeet ovat omaan siirtoosi: odota vuoroasi pelissä #{ $id }.
hints-used = Vihjeitä käytetty tässä pelissä { $count } asemassa.

