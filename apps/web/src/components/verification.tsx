/**
 * An alert's verification level (issue 35) in the popup and the list: an icon and one short line
 * ("✓ Potwierdzone · Straż Miejska", "✓ Poprawiono: Lis → Dzik · moderator", "◐ Prawdopodobne ·
 * zdjęcie") and when it was set ("· 14:05", as the official status says its time), the moderator's
 * note under it. Loaded with the official messages only when an alert
 * is more than unverified (lazy-verification.tsx): the map's first visit carries neither.
 */
import './verification.css';
import { animalByKey, animalName, type Verification as Level } from '@wildalert/shared';
import { language, t, type MessageKey } from '../i18n/i18n.ts';
import { clockTime, fullDateTime } from '../lib/format.ts';
import { useNow } from '../lib/use-now.ts';

/** The icon of each level (a newer API's level gets none); the text says it too, for a screen reader. */
const ICONS: Partial<Record<Level['level'], string>> = { likely: '◐', confirmed: '✓', corrected: '✓', rejected: '✕' };

const BY_WORDS: Partial<Record<NonNullable<Level['by']>, MessageKey>> = {
  photo: 'official.verification.by.photo',
  'still-there': 'official.verification.by.still-there',
  'independent-report': 'official.verification.by.independent-report',
  moderator: 'official.verification.moderator',
};

const REASON_WORDS: Record<NonNullable<Level['reason']>, MessageKey> = {
  'not-wild': 'official.verification.reason.not-wild',
  hoax: 'official.verification.reason.hoax',
  other: 'official.verification.reason.other',
};

/** The line, without its icon; undefined for a level this app does not know (or unverified). */
export function verificationLine(verification: Level, animal: string): string | undefined {
  const nameOf = (key: string) => animalName(animalByKey(key), language());
  let level: string;
  if (verification.level === 'likely') level = t('official.verification.likely');
  else if (verification.level === 'confirmed') level = t('official.verification.confirmed');
  else if (verification.level === 'rejected')
    level = verification.reason ? `${t('official.verification.rejected')}: ${t(REASON_WORDS[verification.reason])}` : t('official.verification.rejected');
  else if (verification.level === 'corrected')
    level = t('official.verification.corrected', { from: nameOf(verification.correctedFrom ?? 'other'), to: nameOf(animal) });
  else return undefined;
  const by = verification.organisation
    ? (verification.organisation[language()] ?? verification.organisation.pl)
    : verification.by && BY_WORDS[verification.by]
      ? t(BY_WORDS[verification.by]!)
      : undefined;
  return by ? `${level} · ${by}` : level;
}

export interface VerificationProps {
  verification: Level;
  animal: string;
  /** The element each line is: a paragraph in the popup, a span inside the list's link. */
  as?: 'p' | 'span';
}

export function VerificationLevel({ verification, animal, as: Line = 'p' }: VerificationProps) {
  const now = useNow();
  const line = verificationLine(verification, animal);
  if (!line) return null;
  const at = verification.at === undefined ? NaN : Date.parse(verification.at);
  return (
    <>
      <Line className={`wa-verification wa-verification-${verification.level}`} data-level={verification.level}>
        <span data-testid="verification">
          <span aria-hidden="true" className="wa-verification-icon">
            {ICONS[verification.level]}
          </span>
          {line}
        </span>
        {!Number.isNaN(at) && (
          <>
            {' · '}
            <time dateTime={verification.at} title={fullDateTime(verification.at!)} data-testid="verification-time">
              {clockTime(at, now)}
            </time>
          </>
        )}
      </Line>
      {verification.note && (
        <Line className="wa-official-note" data-testid="verification-note">
          {verification.note}
        </Line>
      )}
    </>
  );
}
