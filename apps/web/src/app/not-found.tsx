import { Link } from 'react-router';
import { paths } from '../config/paths.ts';
import { pl } from '../i18n/pl.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function NotFound() {
  useDocumentTitle(pl.notFound.title);
  return (
    <div className="wa-not-found">
      <h1>{pl.notFound.title}</h1>
      <p>{pl.notFound.text}</p>
      <Link to={paths.map} className="wa-button">
        {pl.notFound.back}
      </Link>
    </div>
  );
}
