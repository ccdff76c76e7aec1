import type { ReactNode } from 'react';

const style = {
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
    <Tag style={style} aria-live={live}>
      {children}
    </Tag>
  );
}
