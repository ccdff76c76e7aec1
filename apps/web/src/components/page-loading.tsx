import { pl } from '../i18n/pl.ts';

/** While a lazy screen loads: centred, the size of the screen, so nothing jumps. */
export function PageLoading() {
  return (
    <div className="wa-page-loading" role="status">
      <span className="wa-spinner" aria-label={pl.loading} role="img" />
    </div>
  );
}
