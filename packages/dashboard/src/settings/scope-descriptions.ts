import type { KeyScope } from '@hearback/spec';

/** What each key scope lets a key do, in one line for the key form (order: `KEY_SCOPES`). */
export const SCOPE_DESCRIPTIONS: Readonly<Record<KeyScope, string>> = {
  collect: 'Send feedback to /collect and answers to feedback pages. The widget’s key: visible in your site’s pages.',
  read: 'Read feedback, search, trends, themes, feedback pages and the settings (never key secrets).',
  write: 'Change everything an admin changes: inboxes, brands, keys, automations, triage; read the audit log.',
  forms: 'Build, publish and read feedback pages and their responses.',
  triage: 'Triage feedback: status, assignee, notes, issue links and saved views, without the rest of write.',
};
