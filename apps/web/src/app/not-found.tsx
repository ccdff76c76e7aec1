import { Link } from 'react-router';
import { paths } from '../config/paths.ts';
import { pl } from '../i18n/pl.ts';

export function NotFound() {
  return (
    <div className="wa-not-found">
      <title>{`${pl.notFound.title} — ${pl.appName}`}</title>
      <h1>{pl.notFound.title}</h1>
      <p>{pl.notFound.text}</p>
      <Link to={paths.map} className="wa-button">
        {pl.notFound.back}
      </Link>
    </div>
  );
}
