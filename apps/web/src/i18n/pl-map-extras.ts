/** Polish text of the map's parts loaded after its first paint: the legend, "where am I", the empty view. */
export const plMapExtras = {
  legend: {
    title: 'Legenda',
    credit: 'Piktogramy: game-icons.net (CC BY 3.0)',
  },
  locate: {
    action: 'Pokaż moje położenie',
    busy: 'Ustalanie położenia…',
    failed: {
      denied: 'Brak zgody na lokalizację. Zezwól na nią w ustawieniach przeglądarki, aby zobaczyć swoje położenie.',
      unavailable: 'Nie udało się ustalić Twojego położenia. Sprawdź, czy lokalizacja w urządzeniu jest włączona.',
      timeout: 'Ustalanie położenia trwa zbyt długo. Spróbuj ponownie.',
      unsupported: 'Ta przeglądarka nie udostępnia lokalizacji.',
    },
  },
  emptyView: {
    /** "Brak zgłoszeń w tym widoku dla: Dzik, ostatnie 7 dni." */
    text: (filters: readonly string[]) => `Brak zgłoszeń w tym widoku dla: ${filters.join(', ')}.`,
    windows: { '24h': 'ostatnie 24 h', '7d': 'ostatnie 7 dni', '30d': 'ostatnie 30 dni', all: '' } as Record<string, string>,
    allAnimals: 'Pokaż wszystkie zwierzęta',
    allTime: 'Pokaż też starsze',
  },
} as const;
