/**
 * The reporter's answer to "share as open data?" (issue 36), kept on this device: asked once,
 * then shown as one line that can be changed. `none` is an answer too (no licence is sent).
 */
import { isLicence, type Licence } from '@wildalert/shared';

export type LicenceAnswer = Licence | 'none';

const STORAGE_KEY = 'wildalert-licence';

/** The answer given on this device before, or undefined when never asked (or storage is off). */
export function savedLicenceAnswer(): LicenceAnswer | undefined {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored === 'none' || isLicence(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

export function saveLicenceAnswer(answer: LicenceAnswer): void {
  try {
    localStorage.setItem(STORAGE_KEY, answer);
  } catch {
    // Private mode or full storage: the question comes again next time, which is harmless.
  }
}
