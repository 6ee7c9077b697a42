import { openSigningSecret } from '../secrets/sealed-values.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import type { PrepareRequest } from './delivery-worker.js';
import { MissingSecretError } from './missing-secret-error.js';
import { renderRequest } from './render.js';
import { mayNameSecrets } from './secret-references.js';
import { signRequest } from './sign.js';

const NO_SECRETS: ReadonlyMap<string, string> = new Map();

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
 * attempt is prepared anew, so a template or secret fixed after a failure applies to the retry. A
 * template naming a secret the organization lacks throws {@link MissingSecretError}: the worker
 * records it as the attempt's `render_error` and sends nothing.
 */
export function deliveryPreparer(options: DeliveryPreparerOptions): PrepareRequest {
  return async (automation, envelope) => {
    // Opening the organization's secrets is a read and a decryption each: only for templates naming one.
    const values = mayNameSecrets(automation) ? await options.secretValues(automation.org_id) : NO_SECRETS;
    const { request, missingSecrets } = renderRequest(automation, envelope, values);
    // Sent with the secret rendered empty, the request would reach the receiver unauthenticated and
    // be logged as a success; the attempt fails instead (render_error), naming what is missing.
    if (missingSecrets.length > 0) throw new MissingSecretError(missingSecrets);
    const signingSecret = openSigningSecret(options.secrets, automation.id, automation.sealed_signing_secret);
    return signRequest(request, { id: envelope.id, secret: signingSecret });
  };
}
