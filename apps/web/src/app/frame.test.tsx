import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { expect, it } from 'vitest';
import { BASE_PATH } from '@wildalert/shared';
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
