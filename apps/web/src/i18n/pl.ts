/** Every Polish string the visitor sees. Another language would be a sibling module of the same shape. */
export const pl = {
  appName: 'WildAlert',
  logoLabel: 'WildAlert — mapa zgłoszeń',
  loading: 'Ładowanie…',

  skip: {
    toContent: 'Przejdź do treści',
    toMap: 'Przejdź do mapy',
    toList: 'Przejdź do listy',
  },

  mapControls: {
    zoomIn: 'Przybliż',
    zoomOut: 'Oddal',
    closePopup: 'Zamknij',
  },

  routeError: {
    /** A screen's code did not arrive (a new version was deployed, or the connection broke). */
    chunkTitle: 'Nie udało się wczytać tej części aplikacji',
    chunkText: 'Możliwe, że aplikacja została właśnie zaktualizowana albo połączenie zostało przerwane. Odśwież stronę.',
    title: 'Coś poszło nie tak',
    text: 'Ten ekran napotkał błąd. Odśwież stronę, aby spróbować ponownie.',
    reload: 'Odśwież',
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
    created: 'Dziękujemy! Zgłoszenie dodane.',
    /** A cluster's name: how many, then which animals ("dzik: 3, lis: 2"). */
    clusterLabel: (count: number, animals: string) => `${alertsPl(count)} w pobliżu — przybliż. ${animals}`,
    /** Distinct for each marker: the animal and how long ago ("Dzik, 12 minut temu — pokaż zgłoszenie"). */
    markerLabel: (animal: string, when: string) => `${animal}, ${when} — pokaż zgłoszenie`,
    sameSpot: (count: number) => `${alertsPl(count)} w tym samym miejscu`,
    sameSpotShown: (shown: number, count: number) => `Pokazano ${shown} z ${count}.`,
    sameSpotMore: 'Pokaż kolejne',
    close: 'Zamknij',
    liveOffline: 'Brak połączenia — nowe zgłoszenia pojawią się, gdy wróci.',
    /** The map shows the alerts of the last answer, kept on the device; `when` is "14:05" or "23.11, 14:05". */
    lastSeen: (when: string) => `Ostatnio widziane, ${when} — brak połączenia`,
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
    feed: 'Kanał Atom (czytnik wiadomości)',
    openOnMap: (animal: string, when: string) => `${animal}, ${when} — pokaż na mapie`,
    share: 'Udostępnij',
    shareTitle: (animal: string) => `WildAlert: ${animal}`,
    copied: 'Skopiowano link do zgłoszenia.',
    copyFailed: (url: string) => `Nie udało się skopiować linku: ${url}`,
    notFound: 'Nie znaleziono tego zgłoszenia. Mogło zostać usunięte.',
    alertFailed: 'Nie udało się wczytać zgłoszenia z linku.',
  },

  popup: {
    /** Before when the alert was added: "Zgłoszono 3 godziny temu". */
    added: 'Zgłoszono',
    justNow: 'przed chwilą',
    coordinates: 'Współrzędne',
    approximate: 'Lokalizacja przybliżona (ok. 1 km) — gatunek chroniony',
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
