/** Every Polish string the visitor sees. Another language would be a sibling module of the same shape. */
export const pl = {
  appName: 'WildAlert',
  logoLabel: 'WildAlert — mapa zgłoszeń',
  loading: 'Ładowanie…',

  mapControls: {
    zoomIn: 'Przybliż',
    zoomOut: 'Oddal',
    closePopup: 'Zamknij',
  },

  notFound: {
    title: 'Nie ma takiej strony',
    text: 'Ten adres nie prowadzi do żadnego ekranu WildAlert.',
    back: 'Wróć do mapy',
  },

  map: {
    label: 'Mapa zgłoszeń dzikich zwierząt',
    add: 'Dodaj zgłoszenie',
    loadingAlerts: 'Wczytywanie zgłoszeń…',
    loadFailed: 'Nie udało się wczytać zgłoszeń.',
    retry: 'Spróbuj ponownie',
    truncated: (shown: number) => `Pokazano ${shown} najnowszych zgłoszeń z okolicy.`,
    created: 'Dziękujemy! Zgłoszenie dodane.',
    clusterLabel: (count: number) => `${alertsPl(count)} w pobliżu — przybliż`,
    markerLabel: (animal: string) => `${animal} — pokaż zgłoszenie`,
    sameSpot: (count: number) => `${alertsPl(count)} w tym samym miejscu`,
    close: 'Zamknij',
    liveOffline: 'Brak połączenia — nowe zgłoszenia pojawią się, gdy wróci.',
    liveNew: (animal: string) => `Nowe zgłoszenie: ${animal}`,
  },

  find: {
    window: 'Okres',
    windows: { '24h': '24 h', '7d': '7 dni', '30d': '30 dni', all: 'Wszystkie' } as Record<string, string>,
    animals: 'Zwierzęta',
    allAnimals: 'Wszystkie zwierzęta',
    show: 'Widok',
    map: 'Mapa',
    list: 'Lista',
    listTitle: (count: number) => `Zgłoszenia: ${count}`,
    distanceFromYou: 'Odległość od Twojej lokalizacji.',
    distanceFromMap: 'Odległość od środka mapy.',
    empty: 'Brak zgłoszeń w tym okresie i okolicy. Wybierz dłuższy okres albo inne zwierzęta.',
    download: 'Pobierz dane',
    openOnMap: (animal: string, when: string) => `${animal}, ${when} — pokaż na mapie`,
    share: 'Udostępnij',
    shareTitle: (animal: string) => `WildAlert: ${animal}`,
    copied: 'Skopiowano link do zgłoszenia.',
    copyFailed: (url: string) => `Nie udało się skopiować linku: ${url}`,
    notFound: 'Nie znaleziono tego zgłoszenia. Mogło zostać usunięte.',
    alertFailed: 'Nie udało się wczytać zgłoszenia z linku.',
  },

  report: {
    action: 'Zgłoś nadużycie',
    sending: 'Wysyłanie…',
    done: 'Dziękujemy — moderator sprawdzi to zgłoszenie.',
    gone: 'To zgłoszenie zostało już ukryte.',
    tooMany: (wait: string | undefined) =>
      wait ? `Za dużo zgłoszeń w krótkim czasie. Spróbuj ponownie ${wait}.` : 'Za dużo zgłoszeń w krótkim czasie. Spróbuj ponownie za chwilę.',
    failed: 'Nie udało się wysłać. Spróbuj ponownie.',
  },

  popup: {
    reported: 'Zgłoszono',
    justNow: 'przed chwilą',
    coordinates: 'Współrzędne',
    approximate: 'Lokalizacja przybliżona (ok. 1 km) — gatunek chroniony',
  },

  addAlert: {
    title: 'Nowe zgłoszenie',
    animal: 'Jakie zwierzę?',
    location: 'Gdzie?',
    mapLabel: 'Mapa wyboru miejsca: dotknij, aby wskazać miejsce, albo przeciągnij pinezkę',
    mapHint: 'Dotknij mapy, aby wskazać miejsce; pinezkę można przeciągnąć.',
    pinLabel: 'Wybrane miejsce (przeciągnij, aby zmienić)',
    useMyLocation: 'Użyj mojej lokalizacji',
    useMapCentre: 'Wskaż środek mapy',
    locating: 'Ustalanie położenia…',
    locationUnavailable: 'Nie udało się ustalić położenia. Wskaż miejsce na mapie albo wpisz współrzędne.',
    chosen: 'Wybrane miejsce:',
    noneChosen: 'Miejsce nie jest jeszcze wybrane.',
    typeCoordinates: 'Wpisz współrzędne',
    coordinatesField: 'Szerokość, długość',
    coordinatesHelp: 'Na przykład 50.061400, 19.936600',
    coordinatesInvalid: 'Wpisz dwie liczby oddzielone przecinkiem: szerokość (-90…90), długość (-180…180).',
    setCoordinates: 'Ustaw',
    comments: 'Opis (nieobowiązkowy)',
    commentsHelp: 'Co widzisz? Ile zwierząt, w którą stronę idą?',
    counter: (used: number, max: number) => `${used} / ${max}`,
    counterLabel: (used: number, max: number) => `Wpisano ${used} z ${max} znaków`,
    submit: 'Zgłoś',
    sending: 'Wysyłanie…',
    needsAnimalAndLocation: 'Wybierz zwierzę i miejsce, aby wysłać zgłoszenie.',
    cancel: 'Wróć do mapy',
    draftKept: 'Wpisane dane zostają zachowane.',
    errors: {
      summary: 'Popraw zaznaczone pola.',
      network: 'Nie udało się połączyć z serwerem. Spróbuj ponownie — zgłoszenie nie zostanie zapisane dwa razy.',
      server: 'Serwer ma chwilowy problem. Zgłoszenie nie zostało zapisane — spróbuj ponownie.',
      tooMany: (wait: string | undefined) =>
        wait ? `Za dużo zgłoszeń w krótkim czasie. Spróbuj ponownie ${wait}.` : 'Za dużo zgłoszeń w krótkim czasie. Spróbuj ponownie za chwilę.',
      keyReused:
        'Poprzednia wersja tego zgłoszenia mogła już zostać zapisana. Sprawdź mapę albo wyślij je jako nowe zgłoszenie.',
      sendAsNew: 'Wyślij jako nowe',
      other: (status: number) => `Serwer odrzucił zgłoszenie (błąd ${status}). Spróbuj ponownie.`,
      retry: 'Spróbuj ponownie',
    },
    fields: {
      animal: 'Wybierz zwierzę z listy.',
      latitude: 'Szerokość geograficzna musi być liczbą od -90 do 90.',
      longitude: 'Długość geograficzna musi być liczbą od -180 do 180.',
      commentsTooLong: (max: number) => `Opis może mieć najwyżej ${max} znaków.`,
      commentsBadText: 'Opis zawiera niedozwolone znaki.',
      invalid: 'Nieprawidłowa wartość.',
    },
  },

  outbox: {
    waiting: (count: number) => (count === 1 ? 'Czeka na wysłanie' : `Czeka na wysłanie: ${alertsPl(count)}`),
    hint: 'Brak połączenia z serwerem. Zgłoszenia zostaną wysłane same, gdy wróci sieć.',
    sendNow: 'Wyślij teraz',
    sending: 'Wysyłanie…',
    cancel: 'Anuluj',
    refused: (status: number) => `serwer odrzucił zgłoszenie (błąd ${status})`,
    sent: (count: number) =>
      count === 1 ? 'Wysłano zgłoszenie, które czekało na połączenie.' : `Wysłano ${alertsPl(count)}, które czekały na połączenie.`,
  },

  duplicateHint: {
    title: 'Czy to ten sam?',
    text: (animal: string, when: string) => `${animal}: zgłoszenie w promieniu 200 m, ${when}.`,
    show: 'Pokaż to zgłoszenie',
    stillSend: 'Jeśli to inne zwierzę, możesz wysłać zgłoszenie.',
  },

  selfCheck: {
    title: 'Ekran testowy',
    samplePopup: 'Przykładowe okienko zgłoszenia',
    sampleComment: 'Trzy dziki przy Bulwarach Wiślanych, idą w stronę Wawelu. <b>Uwaga</b> na młode!',
    checks: 'Samokontrola',
    running: 'sprawdzanie…',
    api: 'API',
    apiOk: 'działa',
    apiDown: 'nie odpowiada',
    database: 'Baza danych',
    databaseDown: 'niedostępna',
    alerts: 'Liczba zgłoszeń',
    geolocation: 'Uprawnienie do lokalizacji',
    permission: {
      granted: 'przyznane',
      denied: 'odmówione',
      prompt: 'jeszcze nie zapytano',
      unsupported: 'nieobsługiwane w tej przeglądarce',
    } as Record<string, string>,
    tiles: 'Serwer kafelków mapy',
    tilesOk: 'osiągalny',
    tilesDown: 'nieosiągalny',
    recheck: 'Sprawdź ponownie',
  },
} as const;

const plural = new Intl.PluralRules('pl');

/** "1 zgłoszenie", "3 zgłoszenia", "5 zgłoszeń". */
export function alertsPl(count: number): string {
  const form = plural.select(count);
  return `${count} ${form === 'one' ? 'zgłoszenie' : form === 'few' ? 'zgłoszenia' : 'zgłoszeń'}`;
}

/** "za 30 sekund", "za 2 minuty": when to try again. */
export function inTimePl(seconds: number): string {
  const rtf = new Intl.RelativeTimeFormat('pl', { numeric: 'always' });
  return seconds < 90 ? rtf.format(Math.max(1, Math.ceil(seconds)), 'second') : rtf.format(Math.ceil(seconds / 60), 'minute');
}
