import type { Principal } from './api-key.js';

/**
 * Every change the audit log records, as `<resource type>.<what happened>`: the resource type of
 * an entry is its action's prefix, so the two never disagree.
 */
export const AUDIT_ACTIONS = [
  'organization.created',
  'organization.updated',
  'organization.plan_changed',
  'organization.ownership_transferred',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'invite.created',
  'invite.resent',
  'invite.revoked',
  'user.signed_in',
  'sso.configured',
  'sso.updated',
  'sso.deleted',
  'sso.domain_verified',
  'api_key.created',
  'api_key.updated',
  'api_key.revoked',
  'inbox.created',
  'inbox.updated',
  'inbox.deleted',
  'brand.created',
  'brand.updated',
  'brand.deleted',
  'automation.created',
  'automation.updated',
  'automation.deleted',
  'automation.signing_secret_rotated',
  'secret.created',
  'secret.updated',
  'secret.deleted',
  'feedback_page.created',
  'feedback_page.updated',
  'feedback_page.deleted',
  'page_response.deleted',
  'feedback_page.published',
  'feedback_page.closed',
  'feedback_page.reopened',
  'feedback.updated',
  'feedback.deleted',
  'note.created',
  'note.updated',
  'note.deleted',
  'view.created',
  'view.updated',
  'view.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

type ResourceTypeOf<Action> = Action extends `${infer Type}.${string}` ? Type : never;
export type AuditResourceType = ResourceTypeOf<AuditAction>;

/** The resource types of the log, in the order their actions are listed. */
export const AUDIT_RESOURCE_TYPES = [...new Set(AUDIT_ACTIONS.map(resourceTypeOf))] as unknown as readonly [
  AuditResourceType,
  ...AuditResourceType[],
];

/**
 * The resource type an action is about: its prefix.
 *
 * @example
 * resourceTypeOf('api_key.revoked'); // 'api_key'
 */
export function resourceTypeOf<Action extends AuditAction>(action: Action): ResourceTypeOf<Action> {
  return action.slice(0, action.indexOf('.')) as ResourceTypeOf<Action>;
}

/**
 * Who can act: an API key, a signed-in user, or the operator's own commands (`system`).
 */
export const AUDIT_ACTOR_TYPES = ['api_key', 'user', 'system'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

export interface AuditActor {
  type: AuditActorType;
  id: string;
}

/**
 * The actor behind a principal.
 *
 * @example
 * actorOf(principal); // { type: 'api_key', id: 'key_01…' }
 */
export function actorOf(principal: Pick<Principal, 'actor'>): AuditActor {
  return principal.actor;
}

/**
 * What an entry says beyond who, what and which: the names of the fields a change touched
 * (`changed`), and plain facts such as a new key's scopes. Never a secret value.
 */
export type AuditDetails = Readonly<Record<string, unknown>>;

/** An entry as the API shows it (its organization is the path's). */
export interface AuditEntry {
  id: string;
  at: string;
  /** `name`: the key's (or user's) current name; null once it is gone (a brand's keys go with it). */
  actor: AuditActor & { name: string | null };
  action: AuditAction;
  resource: { type: AuditResourceType; id: string };
  details: AuditDetails;
}

export interface AuditLogFilters {
  action?: AuditAction | undefined;
  actorId?: string | undefined;
  resourceType?: AuditResourceType | undefined;
  /** A date or date-time as given; instants once read (`readDateBounds`): `from` included, `to` left out. */
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The feedback item an entry is about, which its activity history lists: the item itself for
 * `feedback.*`, the note's item (`details.feedbackId`) for `note.*`; null for anything else.
 *
 * @example
 * auditSubjectOf('note.created', 'note_01…', { feedbackId: 'fb_01…' }); // 'fb_01…'
 */
export function auditSubjectOf(action: AuditAction, resourceId: string, details: AuditDetails): string | null {
  const type = resourceTypeOf(action);
  if (type === 'feedback') return resourceId;
  if (type === 'note' && typeof details.feedbackId === 'string') return details.feedbackId;
  return null;
}

/**
 * The names of the fields a change gives (members left `undefined` are not changes): an update's
 * `changed` detail.
 *
 * @example
 * changedFields({ name: 'New', brandId: undefined }); // ['name']
 */
export function changedFields(changes: object): string[] {
  return Object.entries(changes)
    .filter(([, value]) => value !== undefined)
    .map(([name]) => name);
}
