# Tehtävät (`tehtävä`): bot/chat/puzzles.py, bot/presentation/puzzle_text.py.

words-command-puzzle = tehtävä, tehtävät, tehtava, pulma
cmd-puzzle = Ratkaistava tehtävä: löydä voittava muunnelma
words-puzzle-fen = fen
words-puzzle-give-up = luovuta, luovutan, ratkaisu, luovun
words-puzzle-show = näytä, uudelleen
words-leaderboard-puzzles = tehtävät, tehtävä, pulmat
usage-puzzle = `{ $word } [säännöt] [fen | luovuta | <siirto>]`
options-puzzle = Yksinään: uusi tehtävä tämän kanavan säännöillä (tai täällä auki oleva, näytettynä uudelleen); nimeä säännöt saadaksesi tehtävän niillä (`tehtävä italialainen`). Kirjoita siirtosi kuin pelissä, missä tahansa siirron muodossa (`11-15`, `11x18`); jokainen vastaus arvioidaan lähettäjälleen, ja ensimmäinen koko muunnelman pelannut ratkaisee sen. Kun sinulla on siirtovuoro pelissä täällä, kirjoitettu siirto menee siihen peliin; muuten se vastaa tehtävään (`tehtävä 11-15` vastaa aina tehtävään). `fen`: asema FEN-muodossa; `luovuta`: ratkaisu, ja tehtävä päättyy. Tehtävien vahvuuslukusi näkyy komennolla `tilastot`, parhaat ratkaisijat komennolla `ranking tehtävät`. Discordissa komento on `/tehtävä` (ei `/tammi`-komennon alla), ja sen `siirto`-valinnalla voi vastata. Kanavan ylläpitäjät voivat tilata päivän tehtävän: `asetukset tehtävä päivittäin 09:00`. Arvioinnin käännekohdan alla on painike, jos sen asema on tehtävä.
opt-puzzle-variant = Uuden tehtävän säännöt
opt-puzzle-action = Näytä tehtävä, sen FEN tai luovuta
opt-puzzle-move = Vastauksesi: siirto, kirjoitettuna kuin pelissä
option-name-action = toiminto
choice-puzzle-show = Näytä tehtävä
choice-puzzle-fen = Asema FEN-muodossa
choice-puzzle-give-up = Luovuta: näytä ratkaisu

puzzle-title = Tehtävä #{ $id } ({ $variant }): { $task }
puzzle-task-win = { $side } aloittaa ja voittaa
puzzle-task-gain = { $side } aloittaa ja voittaa { $men }
puzzle-men-1 = nappulan
puzzle-men-2 = kaksi nappulaa
puzzle-men-3 = kolme nappulaa
puzzle-men-4 = neljä nappulaa
puzzle-men = { $count } nappulaa
# tehtävä kanavan omasta pelistä
puzzle-from-game = Pelistä { $white } vastaan { $black } (peli #{ $game }), siirto { $move }.
puzzle-about = { $theme }, vaikeus { $difficulty }/5, vahvuusluku { $rating }.
puzzle-theme-shot = Isku
puzzle-theme-breakthrough = Läpimurto damiksi
puzzle-theme-king-trap = Damin ansa
puzzle-theme-endgame = Loppupelin voitto
puzzle-theme-none = Yhdistelmä
puzzle-how = Kirjoita siirtosi kuin pelissä; `{ $command } { $give_up }` näyttää ratkaisun.
puzzle-again = Tehtävä #{ $id } on vielä auki täällä: ratkaise se tai lopeta se komennolla `{ $command } { $give_up }` ennen uutta.
puzzle-your-step = { $name }, olet muunnelman siirrossa { $step }/{ $moves }: sinun siirtosi.
puzzle-had-try = { $name }, olet jo yrittänyt tätä: muut voivat vielä ratkaista sen.
puzzle-fen = Tehtävä #{ $id } FEN-muodossa ({ $variant }): `{ $fen }`
puzzle-right = { $name }: { $move } on oikein! Vastaus { $reply } on pakko: sinun siirtosi.
puzzle-solved = { $name } ratkaisi tehtävän #{ $id }! Muunnelma: { $line }.
puzzle-wrong = { $name }: { $move } ei ole oikein.
puzzle-refutation = Siihen vastataan { $line }.
puzzle-refutation-down = Siihen vastataan { $line }, ja { $side } jää { $men } tappiolle.
puzzle-solution = Ratkaisu: { $line }.
puzzle-open-for-others = Tehtävä #{ $id } on yhä auki muille.
puzzle-gave-up = { $name } luovutti tehtävän #{ $id }. Ratkaisu: { $line }.
puzzle-progress = Tehtävien vahvuuslukusi ({ $variant }): { $rating } ({ $change }); { $solved } ratkaistu, { $failed } epäonnistunut, { $streak } peräkkäin.
puzzle-unplayable = Siirtoa { $move } ei voi pelata tehtävässä #{ $id }: { $reason }
puzzle-unplayable-moves = Siirrot siinä: { $moves }
puzzle-tried = Olet jo yrittänyt tehtävää #{ $id }: muut voivat vielä ratkaista sen, tai se päättyy komennolla `tehtävä luovuta`.
puzzle-ended = Tehtävä #{ $id } päättyi juuri: `tehtävä` antaa uuden.
puzzle-solved-by = { $name } ratkaisi juuri tehtävän #{ $id }, ennen kuin vastauksesi tuli: `tehtävä` antaa uuden.
puzzle-moved-on = Tehtävä #{ $id }: toinen vastauksesi ehti ensin. `tehtävä` näyttää, missä olet.
puzzle-not-open = Täällä ei ole avointa tehtävää: `tehtävä` aloittaa sellaisen.
puzzle-none-for-variant = Minulla ei ole vielä tehtäviä säännöillä { $rules }.
puzzle-usage = Kirjoita `tehtävä`, `tehtävä <säännöt>`, `tehtävä fen`, `tehtävä luovuta` tai `tehtävä <siirto>`.
puzzle-alt = Tehtävän asema: { $side } siirtää, ja lauta on hänen puoleltaan katsottuna.
puzzle-alt-solution = Tehtävän asema, ratkaisu piirrettynä nuolina: { $line }.

stats-puzzles = Tehtävät tällä kanavalla:
stats-puzzle = { $variant }: vahvuusluku { $rating }, { $solved } ratkaistu, { $failed } epäonnistunut, { $streak } peräkkäin (paras { $best })
puzzle-leaderboard-header = Tämän kanavan parhaat tehtävien ratkaisijat, { $variant }:
puzzle-leaderboard-line = { $rank }. { $name } — { $rating } ({ $solved } ratkaistu, { $failed } epäonnistunut)
puzzle-provisional = Kysymysmerkillinen vahvuusluku on alustava: se on vielä epävarma ensimmäisten tehtävien jälkeen.
puzzle-leaderboard-empty = Kukaan ei ole vielä ratkaissut tai yrittänyt tehtävää säännöillä { $variant } täällä: `tehtävä` aloittaa.

## Arvioinnin käännekohdat tehtävinä
# painike käännekohdan alla, kun sitä edeltävä asema on tehtävä
review-try-puzzle = Kokeile siirtoa { $number } tehtävänä
puzzle-not-kept = Peli #{ $id }, siirto { $move }: siitä asemasta ei ole tehtävää.
