import { alertsPl } from './pl.ts';

/** Polish text of the offline queue: loaded only when an alert waits. */
export const plOutbox = {
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
} as const;
