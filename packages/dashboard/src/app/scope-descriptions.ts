import type { Scope } from '@hearback/spec';

/**
 * What each scope allows, in the words of the screens (the API's descriptions speak to developers):
 * the API-key form explains the scopes it offers with them, the role legend what each role adds.
 * Typed by `Scope`, so a new scope cannot be left undescribed.
 */
export const SCOPE_DESCRIPTIONS: Readonly<Record<Scope, string>> = {
  collect:
    'send feedback (to /collect and to feedback pages): what the widget’s key holds, visible in your site’s pages',
  read: 'see feedback, search, insights, inboxes, brands, pages and automations (never key secrets)',
  triage: 'triage feedback: status, assignee, notes, issue links and saved views',
  write: 'manage inboxes, brands, API keys and automations, and read the audit log',
  forms: 'build, publish and close feedback pages and read their responses',
  members: 'invite people, change their roles, remove them, and set up single sign-on',
  owner: 'delete the organization or hand it over to another member',
};
