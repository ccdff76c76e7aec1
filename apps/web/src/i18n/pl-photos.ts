/** Polish text of alerts' photos: the add form's picker, the outbox's uploads, thumbnails and the full view. */

/** "1 zdjęcie", "2 zdjęcia", "5 zdjęć". */
export function photosPl(count: number): string {
  const lastTwo = count % 100;
  const last = count % 10;
  if (count === 1) return '1 zdjęcie';
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return `${count} zdjęcia`;
  return `${count} zdjęć`;
}

/** Why the server refused a photo, from its answer's status. */
function refusedPhoto(status: number): string {
  switch (status) {
    case 413:
      return 'za duże (najwyżej 15 MB i 50 megapikseli)';
    case 415:
      return 'to nie jest zdjęcie w znanym formacie (JPEG, PNG, WebP, HEIC)';
    case 400:
      return 'zgłoszenie ma już 3 zdjęcia';
    case 403:
    case 404:
      return 'zgłoszenie nie przyjmuje już zdjęć';
    default:
      return `serwer odrzucił zdjęcie (błąd ${status})`;
  }
}

export const plPhotos = {
  picker: {
    legend: 'Zdjęcia (nieobowiązkowe, najwyżej 3)',
    camera: 'Zrób zdjęcie',
    gallery: 'Wybierz z galerii',
    none: 'Bez zdjęć. Zdjęcie pomaga rozpoznać zwierzę.',
    preparing: 'Przygotowywanie zdjęcia…',
    preview: (n: number) => `Zdjęcie ${n}`,
    noPreview: 'Bez podglądu',
    remove: (n: number) => `Usuń zdjęcie ${n}`,
    full: 'Dodano już 3 zdjęcia.',
    tooMany: (skipped: number) => `Dodano tylko 3 zdjęcia; pominięto ${photosPl(skipped)}.`,
    tooLarge: (name: string) => `Plik „${name}” jest za duży: zdjęcie może mieć najwyżej 15 MB.`,
    notImage: (name: string) => `Plik „${name}” nie jest zdjęciem (JPEG, PNG, WebP lub HEIC).`,
    /** Said while the form waits for its photos after the alert was stored. */
    uploading: (done: number, all: number) => `Wysyłanie zdjęć: ${done} z ${all}…`,
  },
  outbox: {
    /** An alert stored, its photos still to send. */
    photosWaiting: (count: number) => `zgłoszenie zapisane; czeka ${photosPl(count)}`,
    withPhotos: (count: number) => `z ${count === 1 ? 'jednym zdjęciem' : `${count} zdjęciami`}`,
    photoRefused: (n: number, status: number) => `zdjęcie ${n} nie zostało przyjęte: ${refusedPhoto(status)}`,
    dismiss: 'Usuń z listy',
  },
  shown: {
    /** The row of thumbnails, for screen readers. */
    list: (count: number) => `Zdjęcia zgłoszenia: ${count}`,
    open: (n: number, count: number, animal: string) => `Powiększ zdjęcie ${n} z ${count}: ${animal}`,
    alt: (n: number, count: number, animal: string) => `Zdjęcie ${n} z ${count}: ${animal}`,
  },
  viewer: {
    title: (n: number, count: number, animal: string) => `Zdjęcie ${n} z ${count}: ${animal}`,
    close: 'Zamknij zdjęcie',
    previous: 'Poprzednie zdjęcie',
    next: 'Następne zdjęcie',
    failed: 'Nie udało się wczytać zdjęcia.',
  },
} as const;
