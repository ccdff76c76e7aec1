import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DRAFT_KEY, readDraft } from '../hooks/use-draft.ts';
import { AnimalChoice } from './animal-choice.tsx';
import { codePoints, CommentsField } from './comments-field.tsx';
import { parseCoordinates } from './location-picker.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function Comments() {
  const [value, setValue] = useState('');
  return <CommentsField value={value} onChange={setValue} error={undefined} />;
}

describe('CommentsField', () => {
  it('counts code points live: an emoji is one character', async () => {
    render(<Comments />);
    await userEvent.type(screen.getByRole('textbox'), 'Lis 🦊');
    expect(screen.getByTestId('comments-counter').textContent).toBe('5 / 1000');
    expect(codePoints('👨‍👩‍👧')).toBe(5);
  });
});

describe('AnimalChoice', () => {
  it('offers the catalogue in its order, "Inne" last, as radio buttons', async () => {
    let chosen: string | null = null;
    render(<AnimalChoice value={null} onChange={(v) => (chosen = v)} error={undefined} />);
    const names = screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent);
    expect(names.slice(0, 3)).toEqual(['Dzik', 'Lis', 'Sarna']);
    expect(names.at(-1)).toBe('Inne');
    await userEvent.click(screen.getByRole('radio', { name: 'Lis' }));
    expect(chosen).toBe('fox');
  });
});

describe('parseCoordinates', () => {
  it('reads "latitude, longitude" typed by hand', () => {
    expect(parseCoordinates('50.0614, 19.9366')).toEqual({ latitude: 50.0614, longitude: 19.9366 });
    expect(parseCoordinates(' 50.0614 19.9366 ')).toEqual({ latitude: 50.0614, longitude: 19.9366 });
    expect(parseCoordinates('-33.9;18.4')).toEqual({ latitude: -33.9, longitude: 18.4 });
    expect(parseCoordinates('50.06,19.93')).toEqual({ latitude: 50.06, longitude: 19.93 });
    expect(parseCoordinates('50,19')).toEqual({ latitude: 50, longitude: 19 });
    expect(parseCoordinates('91, 10')).toBeNull();
    expect(parseCoordinates('Kraków')).toBeNull();
  });

  it('reads Polish decimal commas', () => {
    const krakow = { latitude: 50.0614, longitude: 19.9366 };
    for (const text of ['50,0614 19,9366', '50,0614, 19,9366', '50,0614 , 19,9366', '50,0614;19,9366', '50,0614; 19,9366', '50,0614,19,9366', '  50,0614   19,9366 ']) {
      expect(parseCoordinates(text), text).toEqual(krakow);
    }
    expect(parseCoordinates('-33,9 18,4')).toEqual({ latitude: -33.9, longitude: 18.4 });
    expect(parseCoordinates('50,06 19')).toEqual({ latitude: 50.06, longitude: 19 });
    expect(parseCoordinates('50.0614, 19,9366')).toEqual(krakow);
  });

  it('refuses what is not exactly two numbers in range', () => {
    for (const text of ['50,0614 19,9366 7', '50,0614', '50.06.1 19', '50,,06 19', '91,5 10', '50 180,5', '50, 19, 3', '1e1 2', '']) {
      expect(parseCoordinates(text), text).toBeNull();
    }
  });
});

describe('readDraft', () => {
  it('restores what was saved and ignores what it cannot trust', () => {
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({ animal: 'fox', location: { latitude: 50, longitude: 19 }, comments: 'x', idempotencyKey: 'k' }),
    );
    const nothingSeen = { howMany: null, young: null, behaviour: null };
    expect(readDraft()).toEqual({ animal: 'fox', location: { latitude: 50, longitude: 19 }, comments: 'x', ...nothingSeen, idempotencyKey: 'k' });
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ animal: 'cat', location: 'here', idempotencyKey: 'k' }));
    expect(readDraft()).toEqual({ animal: null, location: null, comments: '', ...nothingSeen, idempotencyKey: 'k' });
    localStorage.setItem(DRAFT_KEY, '{broken');
    expect(readDraft()).toBeNull();
  });

  it('keeps what was seen through a reload, and reads answers it does not know as none given', () => {
    const save = (seen: object) => localStorage.setItem(DRAFT_KEY, JSON.stringify({ animal: 'boar', idempotencyKey: 'k', ...seen }));
    save({ howMany: 'two-to-five', young: true, behaviour: 'injured' });
    expect(readDraft()).toMatchObject({ howMany: 'two-to-five', young: true, behaviour: 'injured' });
    save({ howMany: 'dozens', young: 'yes', behaviour: 'sleepy' });
    expect(readDraft()).toMatchObject({ howMany: null, young: null, behaviour: null });
  });
});
