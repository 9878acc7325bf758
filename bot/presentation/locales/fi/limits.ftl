# Rajoihin liittyvät tekstit: ihmisten nimeäminen, tallennus joka ei onnistu, nopeusrajat, pitkät listat, konsoli.

person-ambiguous = Täällä on useampi ”{ $name }” (tai samalta näyttävä nimi). Mainitse tarkoittamasi henkilö (@nimi) tai vastaa hänen viestiinsä.
storage-read-only = Voin nyt vain näyttää pelejä: tietokantani on vain luku -tilassa, joten mitään ei voi tallentaa. Mikään ei muuttunut.
storage-gone = En voi nyt tallentaa mitään: tietokantatiedostoni on kadonnut. Mikään ei muuttunut; kerro asiasta ylläpitäjälleni.
bad-id = En pysty lukemaan tätä viestiä: sen tunnisteessa (lähettäjän, kanavan tai mainitun henkilön) on ohjausmerkki. Mikään ei muuttunut.
rate-limited = { $seconds ->
    [one] Hiljempaa — lähetät minulle liikaa. Yritä uudelleen { $seconds } sekunnin päästä.
   *[other] Hiljempaa — lähetät minulle liikaa. Yritä uudelleen { $seconds } sekunnin päästä.
}
rate-limited-heavy = { $seconds ->
    [one] Sen tekeminen vie minulta aikaa. Yritä uudelleen { $seconds } sekunnin päästä.
   *[other] Sen tekeminen vie minulta aikaa. Yritä uudelleen { $seconds } sekunnin päästä.
}
busy-queue = Minulla on juuri nyt liikaa tekemistä. Yritä hetken päästä uudelleen.
games-more = { $count ->
    [one] …ja { $count } lisää. Kirjoita `pelit { $page }` nähdäksesi seuraavan sivun.
   *[other] …ja { $count } lisää. Kirjoita `pelit { $page }` nähdäksesi seuraavan sivun.
}
games-page = Sivu { $page }/{ $pages }.
games-more-discord = { $count ->
    [one] …ja { $count } lisää. Seuraava sivu: `/tammi pelit sivu:{ $page }` (`/tammi games page:{ $page }`).
   *[other] …ja { $count } lisää. Seuraava sivu: `/tammi pelit sivu:{ $page }` (`/tammi games page:{ $page }`).
}
games-more-telegram = { $count ->
    [one] …ja { $count } lisää. Lähetä `/games { $page }` nähdäksesi seuraavan sivun.
   *[other] …ja { $count } lisää. Lähetä `/games { $page }` nähdäksesi seuraavan sivun.
}
console-picture-failed = [kuvaa ei tallennettu: { $error }]
console-stopped = Lopetettu. Pelisi on tallennettu.
console-picture = [kuva: { $path }]
console-buttons = [painikkeet: { $buttons }]
console-button = { $label } = paina { $id }
