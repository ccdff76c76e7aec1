/** A keyboard's short way past what comes before: shown while it has the focus, it moves the focus to `target` (an element's id). */
import type { ReactNode } from 'react';

export function SkipLink({ target, children }: { target: string; children: ReactNode }) {
  return (
    <a
      href={`#${target}`}
      className="wa-skip-link"
      onClick={(event) => {
        // The focus moves; the address (and the history) stays as it is.
        event.preventDefault();
        document.getElementById(target)?.focus();
      }}
    >
      {children}
    </a>
  );
}
