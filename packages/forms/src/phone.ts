// Separators people type inside phone numbers: spaces, dots, dashes, slashes and parentheses.
const SEPARATORS = /[\s.\-/()]/g;
// E.164: a plus, a country code that does not start with 0, at most 15 digits in all.
const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * The number in E.164 (`+4915123456789`), or `null` when it is not an international number.
 * Separators are dropped and a leading `00` reads as `+`. A national number (no country code)
 * is refused rather than guessed: a page has no country to assume.
 *
 * @example
 * normalizePhone('+49 (151) 234-567 89'); // '+4915123456789'
 * normalizePhone('0151 23456789');        // null
 */
export function normalizePhone(input: string): string | null {
  let phone = input.replace(SEPARATORS, '');
  if (phone.startsWith('00')) phone = `+${phone.slice(2)}`;
  return E164.test(phone) ? phone : null;
}
