/** Polish text of "Zgłoś nadużycie" and its dialog: loaded with a popup's actions, not with the map. */
export const plReport = {
  report: {
    action: 'Zgłoś nadużycie',
    /** The dialog that asks why. */
    title: 'Zgłoś nadużycie',
    question: 'Co jest nie tak z tym zgłoszeniem?',
    reasons: {
      fake: 'Fałszywe zgłoszenie',
      offensive: 'Obraźliwa treść',
      personal: 'Dane osobowe',
      spam: 'Spam',
      other: 'Inny powód',
    },
    details: 'Szczegóły (nieobowiązkowe)',
    chooseReason: 'Wybierz powód, aby wysłać.',
    cancel: 'Anuluj',
    send: 'Wyślij zgłoszenie',
    sending: 'Wysyłanie…',
    done: 'Dziękujemy — moderator sprawdzi to zgłoszenie.',
    gone: 'To zgłoszenie zostało już ukryte.',
    tooMany: (wait: string | undefined) =>
      wait ? `Za dużo zgłoszeń w krótkim czasie. Spróbuj ponownie ${wait}.` : 'Za dużo zgłoszeń w krótkim czasie. Spróbuj ponownie za chwilę.',
    failed: 'Nie udało się wysłać. Spróbuj ponownie.',
  },
} as const;
