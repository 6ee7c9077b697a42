import type { Scope } from '@hearback/spec';

/**
 * What each scope lets a person do, in the words of the screens (the API's own descriptions speak
 * to developers). Typed by `Scope`, so a new scope cannot be left undescribed.
 */
export const SCOPE_DESCRIPTIONS: Readonly<Record<Scope, string>> = {
  read: 'see feedback, inboxes, brands, pages, automations and insights',
  triage: 'triage feedback: status, assignee, notes, issue links and saved views',
  write: 'manage inboxes, brands, API keys and automations',
  forms: 'build, publish and close feedback pages',
  collect: 'send feedback from the dashboard (the set-up test)',
  members: 'invite people, change their roles, remove them, and set up single sign-on',
  owner: 'delete the organization or hand it over to another member',
};
