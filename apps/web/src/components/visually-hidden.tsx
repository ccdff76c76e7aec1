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

/** Text for screen readers only. */
export function VisuallyHidden({ as: Tag = 'span', children }: { as?: 'span' | 'h1' | 'h2'; children: ReactNode }) {
  return <Tag style={style}>{children}</Tag>;
}
