import { describe, expect, it } from 'vitest';
import { validateAlert } from '../api/validate-alert.ts';
import { formFieldErrors } from './field-messages.ts';

describe("the form checks a body with the server schema and says what is wrong in the visitor's language", () => {
  it('accepts a complete alert, 1000 emoji included (code points, as the server counts)', () => {
    expect(validateAlert({ latitude: 50, longitude: 19.9, animal: 'fox', comments: '🦊'.repeat(1000) })).toEqual({});
  });

  it('names each bad field', () => {
    const errors = formFieldErrors(
      validateAlert({ latitude: 91, longitude: 19.9, animal: 'cat', comments: 'x'.repeat(1001) }),
    );
    expect(errors).toEqual({
      animal: 'Wybierz zwierzę z listy.',
      location: 'Szerokość geograficzna musi być liczbą od -90 do 90.',
      comments: 'Opis może mieć najwyżej 1000 znaków.',
    });
  });

  it('reads the server answer by its codes, not its prose', () => {
    expect(formFieldErrors({ comments: [{ code: 'invalid_characters', message: 'whatever the server says' }] })).toEqual({
      comments: 'Opis zawiera niedozwolone znaki.',
    });
    expect(formFieldErrors({ longitude: [{ code: 'too_large', limit: 180, message: 'may be reworded' }] })).toEqual({
      location: 'Długość geograficzna musi być liczbą od -180 do 180.',
    });
  });

  it('says which answer of what was seen is not one of the given ones', () => {
    const errors = formFieldErrors(validateAlert({ latitude: 50, longitude: 19.9, animal: 'boar', howMany: 'dozens', behaviour: 'sleepy' }));
    expect(errors).toEqual({ sighting: 'Wybierz jedną z podanych odpowiedzi albo żadnej.' });
    expect(formFieldErrors({ young: [{ code: 'wrong_type', message: 'Expected boolean' }] })).toEqual({
      sighting: 'Wybierz jedną z podanych odpowiedzi albo żadnej.',
    });
  });
});
