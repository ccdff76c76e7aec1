/** Polish text of the test screen: loaded with that screen, not with the map. */
export const plSelfCheck = {
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
