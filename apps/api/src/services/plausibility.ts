/**
 * Plausibility checks of a new report (issue 35), from the animal catalogue: an animal the
 * catalogue does not expect in a city centre reported inside the configured centre, or more of
 * them than usually seen together. (A network's first report of a rare animal needs the
 * database: alerts-repository.ts.) A report that fails one pushes nobody until another network or
 * a person backs it, and waits in the moderation queue with the check's code.
 */
import { animalByKey, distanceMetres, HOW_MANY, type CreateAlertBody, type PlausibilityCheck } from '@wildalert/shared';
import type { Config } from '../config.ts';

export function catalogueChecks(body: CreateAlertBody, cityCentre: Config['cityCentre']): PlausibilityCheck[] {
  const animal = animalByKey(body.animal);
  const checks: PlausibilityCheck[] = [];
  if (!animal.expectedInCity && cityCentre && distanceMetres(body, cityCentre) <= cityCentre.radiusKm * 1000) checks.push('unexpected-in-city-centre');
  if (body.howMany !== undefined && HOW_MANY.indexOf(body.howMany) > HOW_MANY.indexOf(animal.usualMost)) checks.push('unusual-count');
  return checks;
}
