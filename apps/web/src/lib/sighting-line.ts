/** What was seen (issue 19) as one short line in the active language: "2–5 zwierząt · z młodymi · agresywne". */
import { isBehaviour, isHowMany, type Behaviour, type HowMany } from '@wildalert/shared';
import { t } from '../i18n/i18n.ts';

/** An alert's (null: not said), or a body waiting to be sent (left out: not said). */
interface Sighting {
  howMany?: HowMany | null;
  young?: boolean | null;
  behaviour?: Behaviour | null;
}

/** Empty when the reporter said nothing of it; codes this app does not know yet are left out. */
export function sightingLine({ howMany, young, behaviour }: Sighting): string {
  const parts = [
    isHowMany(howMany) ? t(`sighting.howMany.${howMany}`) : null,
    young == null ? null : t(young ? 'sighting.young.true' : 'sighting.young.false'),
    isBehaviour(behaviour) ? t(`sighting.behaviour.${behaviour}`) : null,
  ];
  return parts.filter((part) => part !== null).join(' · ');
}
