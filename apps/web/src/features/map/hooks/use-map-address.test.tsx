import { act, cleanup, render } from '@testing-library/react';
import { useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { BASENAME } from '../../../config/paths.ts';
import { useMapAddress } from './use-map-address.ts';

afterEach(cleanup);

/** The screen's address hook, and the router's navigate, handed to the test. */
function Probe({ onReady }: { onReady(tools: { navigate: ReturnType<typeof useNavigate>; change: ReturnType<typeof useMapAddress>['change'] }): void }) {
  const navigate = useNavigate();
  const { change } = useMapAddress();
  useEffect(() => {
    onReady({ navigate, change });
  });
  return null;
}

it('a change written just after a navigation, before the screen draws again, keeps the new path', () => {
  window.history.replaceState(null, '', `${BASENAME}alerts/abc`);
  let tools!: Parameters<Parameters<typeof Probe>[0]['onReady']>[0];
  render(
    <BrowserRouter basename={BASENAME}>
      <Probe onReady={(t) => (tools = t)} />
    </BrowserRouter>,
  );
  // The popup's link closed (back to the map), and in the same moment the map wrote its state.
  act(() => {
    void tools.navigate('/', { replace: true });
    tools.change({ list: true });
  });
  expect(window.location.pathname).toBe(BASENAME);
  expect(window.location.search).toBe('?view=list');
});
