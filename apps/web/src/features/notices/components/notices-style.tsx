/**
 * The notices' stylesheet, in their own chunk rather than the app's one sheet (vite.config.ts's
 * cssCodeSplit): a visitor's first load carries none of it. React puts it in the head once,
 * however many parts render it, when the first notice shows.
 */
import css from './notices.css?inline';

export function NoticesStyle() {
  return (
    <style href="wa-notices" precedence="default">
      {css}
    </style>
  );
}
