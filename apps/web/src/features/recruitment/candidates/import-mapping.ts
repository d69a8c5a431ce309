import { IMPORT_FIELDS, IMPORT_MAX_BYTES, CANDIDATE_TEXTS, type ImportField, type ImportMapping } from '@hireloop/contract/candidates';

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  location: 'Location',
  links: 'Links',
  source: 'Source',
  tags: 'Tags',
  consent: 'Consent',
};

/** Headers people use for each field, normalised (lower case, letters and digits only). */
const SYNONYMS: Record<ImportField, string[]> = {
  name: ['name', 'fullname', 'candidatename', 'candidate', 'namesurname', 'firstandlastname'],
  email: ['email', 'emailaddress', 'mail', 'candidateemail', 'emailadres'],
  phone: ['phone', 'phonenumber', 'telephone', 'tel', 'mobile', 'mobilephone', 'cell'],
  location: ['location', 'city', 'address', 'country', 'town'],
  links: ['links', 'link', 'linkedin', 'linkedinurl', 'url', 'website', 'portfolio', 'profileurl'],
  source: ['source', 'origin', 'channel'],
  tags: ['tags', 'tag', 'labels', 'skills'],
  consent: ['consent', 'gdprconsent', 'consentgiven', 'gdpr'],
};

const normalise = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A first guess at the mapping: each field gets the first unused header matching one of its names. */
export function autoMatch(headers: readonly string[]): Partial<ImportMapping> {
  const mapping: Partial<ImportMapping> = {};
  const used = new Set<string>();
  for (const field of IMPORT_FIELDS) {
    const header = headers.find((h) => !used.has(h) && SYNONYMS[field].includes(normalise(h)));
    if (header !== undefined) {
      mapping[field] = header;
      used.add(header);
    }
  }
  return mapping;
}

/** The mapping to send: only mapped fields; null with the reason when name or e-mail is missing. */
export function completeMapping(mapping: Partial<Record<ImportField, string | null>>): Partial<ImportMapping> | null {
  if (!mapping.name || !mapping.email) return null;
  const result: Partial<ImportMapping> = {};
  for (const field of IMPORT_FIELDS) {
    const header = mapping[field];
    if (header) result[field] = header;
  }
  return result;
}

/** Client-side check before reading the file: the server checks again. */
export function importFileProblem(file: File): string | null {
  if (!/\.csv$/i.test(file.name)) return 'Choose a .csv file.';
  if (file.size > IMPORT_MAX_BYTES) return CANDIDATE_TEXTS.importTooLarge;
  if (file.size === 0) return CANDIDATE_TEXTS.importEmpty;
  return null;
}
