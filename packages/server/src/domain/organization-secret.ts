/**
 * An organization's named secret as the API shows it: its name and times, never its value (which
 * is stored sealed and only opened to render a webhook).
 */
export interface OrganizationSecret {
  name: string;
  createdAt: string;
  updatedAt: string;
}

// Secret names are @hearback/inputs' rule: webhook templates reference them ({{secrets.NAME}}).
export { SECRET_NAME_PATTERN, SECRET_NAME_RULE } from '@hearback/inputs';

/** Longest secret value, in characters (UTF-16 code units, as JavaScript counts them). */
export const SECRET_VALUE_MAX_LENGTH = 8192;
