import { SECRETS_ROOT } from '@hearback/inputs';
import { openSigningSecret } from '../secrets/sealed-values.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import type { AutomationsTable } from '../storage/schema.js';
import type { PrepareRequest } from './delivery-worker.js';
import { renderRequest } from './render.js';
import { signRequest } from './sign.js';

const NO_SECRETS: ReadonlyMap<string, string> = new Map();

/** Whether a header or the body template may hold `{{secrets.NAME}}` (a false yes only costs the lookup). */
function namesSecrets(automation: Pick<AutomationsTable, 'headers' | 'body_template'>): boolean {
  const needle = `${SECRETS_ROOT}.`;
  return automation.headers.includes(needle) || (automation.body_template?.includes(needle) ?? false);
}

export interface DeliveryPreparerOptions {
  /** The master secret the automations' signing secrets are sealed with. */
  secrets: ServerSecrets;
  /** The organization's opened secrets, for `{{secrets.NAME}}` (services.organizationSecrets.valuesFor). */
  secretValues(orgId: string): Promise<ReadonlyMap<string, string>>;
}

/**
 * How the delivery worker turns a stored automation and an event into the request it sends: the
 * automation's template rendered with the organization's secrets (a REST hook sends the resource
 * itself, as `GET …/hooks/sample` shows it), then signed with the automation's own secret. Each
 * attempt is prepared anew, so a template or secret fixed after a failure applies to the retry.
 */
export function deliveryPreparer(options: DeliveryPreparerOptions): PrepareRequest {
  return async (automation, envelope) => {
    // Opening the organization's secrets is a read and a decryption each: only for templates naming one.
    const values = namesSecrets(automation) ? await options.secretValues(automation.org_id) : NO_SECRETS;
    const { request } = renderRequest(automation, envelope, values);
    const signingSecret = openSigningSecret(options.secrets, automation.id, automation.sealed_signing_secret);
    return signRequest(request, { id: envelope.id, secret: signingSecret });
  };
}
