import { t } from '../i18n/i18n.ts';

/** While a lazy screen loads: centred, the size of the screen, so nothing jumps. */
export function PageLoading() {
  return (
    <div className="wa-page-loading" role="status">
      <span className="wa-spinner" aria-label={t('app.loading')} role="img" />
    </div>
  );
}
