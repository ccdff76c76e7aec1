import { afterAll, describe, expect, it } from 'vitest';
import { activate } from '../i18n/i18n.ts';
import { sightingLine } from './sighting-line.ts';

describe('sightingLine', () => {
  afterAll(() => activate('pl'));

  it('joins what was said, in the order how many · young · behaviour', () => {
    expect(sightingLine({ howMany: 'two-to-five', young: true, behaviour: 'aggressive' })).toBe('2–5 zwierząt · z młodymi · agresywne');
    expect(sightingLine({ howMany: null, young: false, behaviour: 'dead-on-road' })).toBe('bez młodych · martwe na drodze');
    expect(sightingLine({ howMany: 'one', young: null, behaviour: null })).toBe('1 zwierzę');
  });

  it('is empty when nothing was said', () => {
    expect(sightingLine({ howMany: null, young: null, behaviour: null })).toBe('');
  });

  it('speaks the active language', async () => {
    await activate('uk');
    expect(sightingLine({ howMany: 'more', young: true, behaviour: 'crossing-road' })).toBe('понад 5 тварин · з малятами · переходить дорогу');
    await activate('en');
    expect(sightingLine({ howMany: 'more', young: null, behaviour: 'injured' })).toBe('over 5 animals · injured');
  });
});
