import { Link } from 'react-router';
import { paths } from '../config/paths.ts';
import { t } from '../i18n/i18n.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function NotFound() {
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="wa-not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to={paths.map} className="wa-button">
        {t('notFound.back')}
      </Link>
    </div>
  );
}
