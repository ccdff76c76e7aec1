/**
 * The licences a reporter may give an alert (issue 36), as SPDX identifiers: both are among the
 * three GBIF accepts (CC0, CC BY, CC BY-NC). A module without TypeBox, for the add form.
 */
export const LICENCES = ['CC-BY-4.0', 'CC0-1.0'] as const;
export type Licence = (typeof LICENCES)[number];

/**
 * What the add form offers first: CC BY 4.0. Reports are anonymous, so the credit it keeps goes to
 * the dataset (its rightsHolder), which is what a resident sharing a sighting expects of a reuser;
 * GBIF takes it as readily as CC0, and an archive under CC BY may hold CC0 records too.
 */
export const DEFAULT_LICENCE: Licence = 'CC-BY-4.0';

/** The licence's legal code, as GBIF writes it in Darwin Core `license` and EML. */
export const LICENCE_URIS: Record<Licence, string> = {
  'CC0-1.0': 'http://creativecommons.org/publicdomain/zero/1.0/legalcode',
  'CC-BY-4.0': 'http://creativecommons.org/licenses/by/4.0/legalcode',
};

export const isLicence = (value: unknown): value is Licence => LICENCES.includes(value as Licence);
