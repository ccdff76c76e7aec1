import fs from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { expect, it } from 'vitest';
import { BASE_PATH } from '@wildalert/shared';
import { Header } from './frame.tsx';

/** An element as the browser reads it, however it was spelled: attributes in order, styles parsed, white space aside. */
function canonical(node: Element): string {
  const attributes = [...node.attributes]
    .map((a) => `${a.name}="${a.name === 'style' ? (node as HTMLElement).style.cssText : a.value.replace(/\s+/g, ' ')}"`)
    .sort();
  const children = [...node.childNodes].map((child) =>
    child instanceof Element ? canonical(child) : (child.textContent ?? '').replace(/\s+/g, ' ').trim(),
  );
  return `<${node.localName} ${attributes.join(' ')}>${children.join('')}</${node.localName}>`;
}

it("index.html paints the frame's header before any script runs, as React then draws it", () => {
  const page = fs.readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
  const shell = new DOMParser().parseFromString(page, 'text/html').getElementById('root')!;
  const { container } = render(
    <MemoryRouter basename={BASE_PATH} initialEntries={[BASE_PATH]}>
      <div className="wa-frame">
        <Header />
      </div>
    </MemoryRouter>,
  );
  expect(shell.children).toHaveLength(1);
  expect(canonical(shell.firstElementChild!)).toBe(canonical(container.firstElementChild!));
});
