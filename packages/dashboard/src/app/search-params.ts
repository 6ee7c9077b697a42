/** Search-param readers for `validateSearch`: a value of the wrong kind is dropped, never thrown. */

export const optionalString = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

export const optionalNumber = (value: unknown): number | undefined => {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(number) ? number : undefined;
};

/**
 * One text or several (a key repeated, or a list): one as text, so the address reads `?tag=billing`,
 * several as a list; blanks dropped.
 */
export const optionalStrings = (value: unknown): string | string[] | undefined => {
  const texts = (Array.isArray(value) ? value : [value]).filter(
    (one): one is string => optionalString(one) !== undefined,
  );
  return texts.length === 0 ? undefined : texts.length === 1 ? texts[0] : texts;
};

export function optionalOneOf<T extends string>(values: readonly T[]) {
  return (value: unknown): T | undefined => (values.includes(value as T) ? (value as T) : undefined);
}

/** A `redirect` back into the app: a path of ours only, never another site. */
export const safeRedirect = (value: unknown): string | undefined => {
  const path = optionalString(value);
  return path?.startsWith('/') && !path.startsWith('//') ? path : undefined;
};
