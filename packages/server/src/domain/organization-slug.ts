import { SLUG_PATTERN } from '@hearback/forms';

const MAX_SLUG_LENGTH = 64;

/**
 * A slug for a name: lowercase ASCII letters and digits joined by single dashes (accents dropped,
 * everything else a separator), at most 64 characters; `fallback` when nothing of the name is left.
 *
 * @example
 * slugify('Café Zürich & Co.', 'org'); // 'cafe-zurich-co'
 */
export function slugify(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '');
  return SLUG_PATTERN.test(slug) ? slug : fallback;
}

/**
 * A new organization's slug: its name's, or with the end of its id appended when that is taken
 * (ids are unique, so the second try is free unless a customer chose that exact slug).
 *
 * @example
 * organizationSlugFor('Acme', 'org_01jd…q1r3s', (slug) => slug === 'acme'); // 'acme-q1r3s'
 */
export function organizationSlugFor(name: string, id: string, isTaken: (slug: string) => boolean): string {
  const base = slugify(name, 'org');
  if (!isTaken(base)) return base;
  const suffix = id.slice(-8).toLowerCase();
  return `${base.slice(0, MAX_SLUG_LENGTH - suffix.length - 1)}-${suffix}`;
}
