/**
 * What a secret's name must look like: what a `{{secrets.NAME}}` placeholder can reference (an
 * upper-case letter, then up to 63 upper-case letters, digits or underscores). The one definition,
 * for the API's validation, the template renderer and the automation editor alike.
 */
export const SECRET_NAME_PATTERN = /^[A-Z][A-Z0-9_]{0,63}$/;

/** The rule of {@link SECRET_NAME_PATTERN} in words, for a 400's detail. */
export const SECRET_NAME_RULE =
  'a secret name is an upper-case letter followed by up to 63 upper-case letters, digits or underscores, as {{secrets.NAME}} placeholders reference it';
