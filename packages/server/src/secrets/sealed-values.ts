import { randomBytes } from 'node:crypto';
import type { ServerSecrets } from './server-secrets.js';

/**
 * How each kind of stored secret is sealed, in one place: the purpose (its own subkey) and the
 * binding (associated data), so a sealed value copied to another row or organization does not open.
 */

function organizationSecretBinding(orgId: string, name: string) {
  return { associatedData: `${orgId}\0${name}` };
}

/** Seals the value of an organization's secret `name` (`{{secrets.NAME}}`). */
export function sealOrganizationSecret(secrets: ServerSecrets, orgId: string, name: string, value: string): string {
  return secrets.seal('organization-secret', value, organizationSecretBinding(orgId, name));
}

/** Opens what {@link sealOrganizationSecret} sealed for the same organization and name. */
export function openOrganizationSecret(secrets: ServerSecrets, orgId: string, name: string, sealed: string): string {
  return secrets.open('organization-secret', sealed, organizationSecretBinding(orgId, name));
}

/** Seals an automation's `whsec_…` signing secret, bound to the automation's id. */
export function sealSigningSecret(secrets: ServerSecrets, automationId: string, signingSecret: string): string {
  return secrets.seal('webhook-signing-secret', signingSecret, { associatedData: automationId });
}

/** Opens what {@link sealSigningSecret} sealed for the same automation. */
export function openSigningSecret(secrets: ServerSecrets, automationId: string, sealed: string): string {
  return secrets.open('webhook-signing-secret', sealed, { associatedData: automationId });
}

/** Seals an organization's OpenID Connect client secret, bound to the organization. */
export function sealSsoClientSecret(secrets: ServerSecrets, orgId: string, clientSecret: string): string {
  return secrets.seal('sso-client-secret', clientSecret, { associatedData: orgId });
}

/** Opens what {@link sealSsoClientSecret} sealed for the same organization. */
export function openSsoClientSecret(secrets: ServerSecrets, orgId: string, sealed: string): string {
  return secrets.open('sso-client-secret', sealed, { associatedData: orgId });
}

/** A new Standard Webhooks signing secret: `whsec_` and 24 random bytes in base64 (192 bits). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}
