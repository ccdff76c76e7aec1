import type { ReactNode } from 'react';

/** The styles that hide an element from sight but not from screen readers, for elements the component cannot wrap (a table's caption). */
export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

interface VisuallyHiddenProps {
  as?: 'span' | 'p' | 'h1' | 'h2';
  /** Announce changes (a live region). */
  live?: 'polite';
  children: ReactNode;
}

/** Text for screen readers only. */
export function VisuallyHidden({ as: Tag = 'span', live, children }: VisuallyHiddenProps) {
  return (
    <Tag style={visuallyHidden} aria-live={live}>
      {children}
    </Tag>
  );
}
