import { afterAll, describe, expect, it } from 'vitest';
import { activate } from '../i18n/i18n.ts';
import { ApiError } from './api-client.ts';
import { voteFailure } from './alert-votes.ts';

describe('voteFailure', () => {
  afterAll(() => activate('pl'));

  it('says why a vote failed, in the words of the screen that sent it', () => {
    expect(voteFailure(new ApiError('network', 0), 'votes')).toBe('Brak połączenia — głos nie został wysłany. Spróbuj ponownie, gdy wróci.');
    expect(voteFailure(new ApiError('http', 404), 'votes')).toBe('Tego zgłoszenia już nie ma na mapie.');
    expect(voteFailure(new ApiError('http', 429, undefined, 30), 'votes')).toBe('Za dużo głosów w krótkim czasie. Spróbuj ponownie za 30 sekund.');
    expect(voteFailure(new ApiError('http', 429), 'votes')).toBe('Za dużo głosów w krótkim czasie. Spróbuj ponownie za chwilę.');
    expect(voteFailure(new ApiError('http', 500), 'votes')).toBe('Nie udało się wysłać głosu. Spróbuj ponownie.');
    expect(voteFailure(new ApiError('http', 404), 'duplicateHint.vote')).toBe('Tego zgłoszenia już nie ma na mapie. Możesz wysłać swoje.');
  });

  it('in the visitor\'s language', async () => {
    await activate('uk');
    expect(voteFailure(new ApiError('http', 429, undefined, 120), 'votes')).toBe('Забагато голосів за короткий час. Спробуйте ще раз через 2 хвилини.');
    await activate('en');
    expect(voteFailure(new ApiError('http', 404), 'duplicateHint.vote')).toBe('That report is no longer on the map. You can send yours.');
  });
});
