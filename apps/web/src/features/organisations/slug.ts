/** The longest slug the contract accepts (createOrganisationBody). */
const MAX_SLUG_LENGTH = 60;

/** "Acme & Sons, Ltd." → "acme-sons-ltd": lowercase ASCII letters, digits and single dashes. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
}

/**
 * The slug follows the name while the user has not typed their own: it is updated when it is
 * empty or still equal to the suggestion for the previous name.
 */
export function nextSlug(previousName: string, nextName: string, currentSlug: string): string {
  return currentSlug === '' || currentSlug === slugify(previousName) ? slugify(nextName) : currentSlug;
}
