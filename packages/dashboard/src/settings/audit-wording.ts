import type { AuditAction, AuditEntry } from '@hearback/client';

type AuditResourceType = AuditEntry['resource']['type'];

/**
 * How the log names each action. Keyed by the API's enum, so a new action fails the typecheck
 * until it has words; the filter offers them in this order.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  'organization.created': 'Organization created',
  'organization.updated': 'Organization changed',
  'organization.plan_changed': 'Plan changed',
  'organization.ownership_transferred': 'Ownership transferred',
  'member.joined': 'Member joined',
  'member.role_changed': 'Member’s role changed',
  'member.removed': 'Member removed',
  'member.left': 'Member left',
  'invite.created': 'Invite sent',
  'invite.resent': 'Invite resent',
  'invite.revoked': 'Invite revoked',
  'user.signed_in': 'Signed in',
  'sso.configured': 'SSO configured',
  'sso.updated': 'SSO changed',
  'sso.deleted': 'SSO removed',
  'sso.domain_verified': 'SSO domain verified',
  'api_key.created': 'API key created',
  'api_key.updated': 'API key renamed',
  'api_key.revoked': 'API key revoked',
  'inbox.created': 'Inbox created',
  'inbox.updated': 'Inbox changed',
  'inbox.deleted': 'Inbox deleted',
  'brand.created': 'Brand created',
  'brand.updated': 'Brand renamed',
  'brand.deleted': 'Brand deleted',
  'automation.created': 'Automation created',
  'automation.updated': 'Automation changed',
  'automation.deleted': 'Automation deleted',
  'automation.signing_secret_rotated': 'Automation’s signing secret rotated',
  'secret.created': 'Secret created',
  'secret.updated': 'Secret changed',
  'secret.deleted': 'Secret deleted',
  'feedback_page.created': 'Feedback page created',
  'feedback_page.updated': 'Feedback page changed',
  'feedback_page.deleted': 'Feedback page deleted',
  'feedback_page.published': 'Feedback page published',
  'feedback_page.closed': 'Feedback page closed',
  'feedback_page.reopened': 'Feedback page reopened',
  'feedback.updated': 'Feedback triaged',
  'feedback.deleted': 'Feedback deleted',
  'note.created': 'Note added',
  'note.updated': 'Note edited',
  'note.deleted': 'Note deleted',
  'view.created': 'Saved view created',
  'view.updated': 'Saved view changed',
  'view.deleted': 'Saved view deleted',
};

/** How the log names each kind of subject (the resource-type filter). */
export const AUDIT_RESOURCE_LABELS: Readonly<Record<AuditResourceType, string>> = {
  organization: 'Organization',
  member: 'Member',
  invite: 'Invite',
  user: 'User',
  sso: 'SSO',
  api_key: 'API key',
  inbox: 'Inbox',
  brand: 'Brand',
  automation: 'Automation',
  secret: 'Secret',
  feedback_page: 'Feedback page',
  feedback: 'Feedback',
  note: 'Note',
  view: 'Saved view',
};
