import { afterEach, describe, expect, it } from 'vitest';
import { DRAFT_KEY, readDraft } from './use-draft.ts';

const save = (draft: object) => localStorage.setItem(DRAFT_KEY, JSON.stringify({ idempotencyKey: 'k', animal: 'boar', location: null, comments: '', ...draft }));

afterEach(() => localStorage.clear());

describe('readDraft', () => {
  it('keeps what was seen through a reload', () => {
    save({ howMany: 'two-to-five', young: true, behaviour: 'injured' });
    expect(readDraft()).toMatchObject({ howMany: 'two-to-five', young: true, behaviour: 'injured' });
  });

  it('reads a draft without them, or with answers it does not know, as none given', () => {
    save({});
    expect(readDraft()).toMatchObject({ howMany: null, young: null, behaviour: null });
    save({ howMany: 'dozens', young: 'yes', behaviour: 'sleepy' });
    expect(readDraft()).toMatchObject({ howMany: null, young: null, behaviour: null });
  });
});
