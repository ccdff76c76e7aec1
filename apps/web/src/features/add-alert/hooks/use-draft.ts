/**
 * The form as typed so far, kept in local storage: a reload, a closed tab or a failed send
 * loses nothing. Holds the Idempotency-Key too, so a retry after a reload is
 * still recognised by the server as the same alert.
 */
import { useCallback, useEffect, useState } from 'react';
import { isAnimalKey, isBehaviour, isHowMany, type AnimalKey, type Behaviour, type HowMany } from '@wildalert/shared';
import type { Position } from '../../../lib/geolocation.ts';

export interface Draft {
  animal: AnimalKey | null;
  location: Position | null;
  comments: string;
  /** What was seen (optional): kept with the rest, sent with the alert. */
  howMany: HowMany | null;
  young: boolean | null;
  behaviour: Behaviour | null;
  idempotencyKey: string;
}

export const DRAFT_KEY = 'wildalert.add-alert.draft';

export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Pages served over plain HTTP (not localhost) have no randomUUID: build a v4 UUID by hand.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function emptyDraft(): Draft {
  return { animal: null, location: null, comments: '', howMany: null, young: null, behaviour: null, idempotencyKey: newIdempotencyKey() };
}

export function readDraft(): Draft | null {
  try {
    const raw = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null') as Partial<Draft> | null;
    if (!raw || typeof raw.idempotencyKey !== 'string') return null;
    const loc = raw.location;
    return {
      animal: typeof raw.animal === 'string' && isAnimalKey(raw.animal) ? raw.animal : null,
      location:
        loc && Number.isFinite(loc.latitude) && Number.isFinite(loc.longitude)
          ? { latitude: loc.latitude, longitude: loc.longitude }
          : null,
      comments: typeof raw.comments === 'string' ? raw.comments : '',
      // A draft from before these fields (or a hand-edited one): what is not a known answer is none.
      howMany: isHowMany(raw.howMany) ? raw.howMany : null,
      young: typeof raw.young === 'boolean' ? raw.young : null,
      behaviour: isBehaviour(raw.behaviour) ? raw.behaviour : null,
      idempotencyKey: raw.idempotencyKey,
    };
  } catch {
    return null;
  }
}

export function useDraft(initialLocation: () => Position | null) {
  const [draft, setDraft] = useState<Draft>(() => {
    const saved = readDraft();
    if (saved) return saved;
    return { ...emptyDraft(), location: initialLocation() };
  });

  useEffect(() => {
    try {
      localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    } catch {
      // Storage full or disabled: the form still works, only a reload would lose it.
    }
  }, [draft]);

  const update = useCallback((change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change })), []);
  /** After a success: the next form is a new alert, with a new key. */
  const clear = useCallback(() => {
    localStorage.removeItem(DRAFT_KEY);
  }, []);
  return { draft, update, clear };
}
