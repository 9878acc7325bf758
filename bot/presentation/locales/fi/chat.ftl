# Keskustelun hiomisen tekstit (issue 11). Samat tunnisteet ja paikkamerkit kuin en/chat.ftl:ssä.

## Kirjoitetun lukeminen

move-unreadable = En osaa lukea “{ $text }” siirroksi: kirjoita se esimerkiksi { $example }, tai kirjoita `{ $moves }`, niin näet sallitut siirtosi.
challenge-bot = { $name } on botti eikä voi hyväksyä haastetta. Minua vastaan voit pelata kirjoittamalla `{ $play }`.
accept-which = Sinua odottaa useampi haaste: { $list }. Kirjoita `{ $accept } <numero>`, esimerkiksi `{ $accept } { $id }`.
accept-which-line = #{ $id } pelaajalta { $challenger } ({ $variant })
claim-move-nothing = Siirto { $move } ei johtaisi vaadittavaan tasapeliin (sama asema kolmannen kerran tai 40 siirron sääntö), joten mitään ei pelattu.

## Kirjoitetut sanat

words-variant-english = englantilainen, amerikkalainen
words-variant-italian = italialainen
words-variant-international = kansainvälinen
words-claim-suffix = vaadi

## Tekstilaudan tilarivi pelin päätyttyä

board-status-won = { $side } voitti
board-status-drawn = Tasapeli

## Uusinnan kuvatekstit

gif-start = Alku · vuorossa { $side }
gif-move = Siirto { $number } · { $side } { $move }
gif-won = { $side } voittaa
gif-drawn = tasapeli

## Listat, vahvuusluvut, ohje

games-finished-header = Äskettäin päättyneet:
games-finished-line = #{ $id } { $white } ({ $white_side }) – { $black } ({ $black_side }), { $variant }: { $result }
rating-change = Vahvuusluvut: { $changes }.
rating-change-one = { $name } { $rating } ({ $change })
help-command-usage = Käyttö: { $usage }
help-command-options = Valinnat: { $options }
help-more = Lisää komennosta: `{ $help } { $example }`.
usage-challenge = `{ $word } [@pelaaja] [englantilainen|italialainen|kansainvälinen] [valkoinen|musta|arvo] [turnaus]`
usage-play = `{ $word } [1-5] [englantilainen|italialainen|kansainvälinen] [valkoinen|musta|arvo]`
usage-accept = `{ $word } [#numero | @pelaaja]`
usage-leaderboard = `{ $word } [englantilainen|italialainen|kansainvälinen]`
options-challenge = ilman nimeä avoin haaste, jonka kuka tahansa voi hyväksyä; värit arvotaan, ellet valitse; `turnaus`: toinen laiton siirtoyritys häviää pelin.
options-play = taso 1:stä (aloittelija) 5:een; säännöt; värisi.
options-accept = kun haasteita odottaa useita, nimeä hyväksymäsi haaste numerolla tai haastajalla. Yksinään se vastaa myös tasapelitarjoukseen tai peruutuspyyntöön pelissäsi.

## Vinoviivakomentojen valinnat (Discord)

opt-pdn-game = Pelin numero (oletus: pelisi täällä)
opt-gif-game = Pelin numero (oletus: pelisi täällä)
option-name-game = peli
