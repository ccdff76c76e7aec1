import fs from 'node:fs';
import path from 'node:path';
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { expect, it } from 'vitest';
import { BASE_PATH } from '@wildalert/shared';
import { rememberReport } from '../lib/my-reports.ts';
import { Header } from './frame.tsx';

/** An element's content as the browser reads it, white space aside (none of it shows here). */
function parsed(html: string, id: string): string | undefined {
  const content = new DOMParser().parseFromString(html, 'text/html').getElementById(id)?.innerHTML;
  return content?.replace(/>\s+</g, '><').replace(/\s+/g, ' ');
}

it("index.html paints the frame's header before any script runs, as React then draws it", () => {
  const page = fs.readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
  const header = renderToStaticMarkup(
    <MemoryRouter basename={BASE_PATH} initialEntries={[BASE_PATH]}>
      <Header />
    </MemoryRouter>,
  );
  expect(parsed(page, 'root')).toBe(parsed(`<div id="root"><div class="wa-frame">${header}</div></div>`, 'root'));
});

it('shows "Moje zgłoszenia" in the header once the device has sent a report, and not before', () => {
  const header = () =>
    render(
      <MemoryRouter basename={BASE_PATH} initialEntries={[BASE_PATH]}>
        <Header />
      </MemoryRouter>,
    );
  try {
    header();
    expect(screen.queryByRole('link', { name: 'Moje zgłoszenia' })).toBeNull();
    // The outbox remembers a report the server stored: the header already drawn shows the link.
    act(() => rememberReport('5f0c8a3e-1f4e-4d7a-9a55-1d2b3c4d5e6f', 'k'.repeat(43)));
    expect(screen.getByRole('link', { name: 'Moje zgłoszenia' }).getAttribute('href')).toBe(`${BASE_PATH}my-reports`);
  } finally {
    cleanup();
    localStorage.clear();
  }
});
