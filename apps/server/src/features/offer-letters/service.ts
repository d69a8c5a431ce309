import { DEFAULT_OFFER_LETTER_TEMPLATE, OFFER_LETTER_PLACEHOLDERS, OFFER_TEXTS, type OfferLetterTemplate } from '@hireloop/contract/offers';
import type { Db } from '../../db/client.ts';
import { validationFailed } from '../../http/errors.ts';
import { renderLetterPdf } from './pdf.ts';
import { renderLetter, unknownPlaceholders, type LetterFacts } from './render.ts';
import { findTemplate, upsertTemplate } from './repository.ts';

export { formatSalary, renderLetter, type LetterFacts } from './render.ts';
export { renderLetterPdf } from './pdf.ts';

export const LETTER_TITLE = 'Offer of employment';

/** The organisation's template, or the default while it has saved none. */
export async function letterTemplateOf(db: Db, organisationId: string): Promise<OfferLetterTemplate> {
  const row = await findTemplate(db, organisationId);
  return {
    body: row?.body ?? DEFAULT_OFFER_LETTER_TEMPLATE,
    is_default: !row,
    placeholders: [...OFFER_LETTER_PLACEHOLDERS],
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

export async function saveLetterTemplate(db: Db, organisationId: string, body: string): Promise<OfferLetterTemplate> {
  const unknown = unknownPlaceholders(body);
  if (unknown.length > 0) {
    const message = OFFER_TEXTS.templateUnknownPlaceholder.replace('{name}', unknown[0]!);
    throw validationFailed({ body: [message] }, message);
  }
  await upsertTemplate(db, organisationId, body);
  return letterTemplateOf(db, organisationId);
}

/** The letter text from the organisation's current template. */
export async function renderLetterText(db: Db, organisationId: string, facts: LetterFacts): Promise<string> {
  const template = await letterTemplateOf(db, organisationId);
  return renderLetter(template.body, facts);
}

/** The PDF of a letter text. */
export const letterPdf = (organisation: string, text: string) => renderLetterPdf({ organisation, title: LETTER_TITLE, text });
