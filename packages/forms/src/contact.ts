import * as z from 'zod/mini';
import type { ContactRequirement } from './page-vocabulary.js';
import type { Contact } from './question.js';

/** The longest contact name. */
export const MAX_CONTACT_NAME_LENGTH = 200;

const ContactSchema = z.object({
  name: z.optional(
    z
      .string({ error: 'Expected a name as text.' })
      .check(z.trim(), z.maxLength(MAX_CONTACT_NAME_LENGTH, { error: 'Must be at most 200 characters.' })),
  ),
  email: z.optional(
    z.pipe(
      z.string({ error: 'Expected an email address.' }).check(z.trim()),
      z.email({ error: 'Enter an email address such as name@example.com.' }),
    ),
  ),
});

/** Why a contact was refused: the member at fault (`name`, `email`) and the reason. */
export interface ContactIssue {
  field: 'name' | 'email';
  message: string;
}

export type ContactCheck = { success: true; contact: Contact | null } | { success: false; issues: ContactIssue[] };

/**
 * Checks a respondent's contact against what the page requires: `email` needs an email address,
 * `name_email` a name too. Blank members count as absent; a contact given where none is required
 * is kept (and checked) all the same.
 *
 * @example
 * checkContact('email', { email: 'ada@example.com' }); // { success: true, contact: { email: 'ada@example.com' } }
 */
export function checkContact(requirement: ContactRequirement, given: unknown): ContactCheck {
  const parsed = ContactSchema.safeParse(given ?? {});
  if (!parsed.success) {
    return {
      success: false,
      issues: parsed.error.issues.map((issue) => ({
        field: (issue.path[0] === 'name' ? 'name' : 'email') as ContactIssue['field'],
        message: issue.message,
      })),
    };
  }
  const contact: Contact = {};
  if (parsed.data.name) contact.name = parsed.data.name;
  if (parsed.data.email) contact.email = parsed.data.email;
  const issues: ContactIssue[] = [];
  // In the form's order (name above email), which the error summary follows.
  if (requirement === 'name_email' && !contact.name) issues.push({ field: 'name', message: 'Your name is required.' });
  if (requirement !== 'none' && !contact.email)
    issues.push({ field: 'email', message: 'Your email address is required.' });
  if (issues.length > 0) return { success: false, issues };
  return { success: true, contact: Object.keys(contact).length > 0 ? contact : null };
}
