/**
 * A delivery's template names an organization secret that no longer exists (deleted in a race with
 * the check that refuses it, or unreadable after a master-secret change): the request is not sent
 * with a hole where the secret was. Its message names the secrets, never a value.
 */
export class MissingSecretError extends Error {
  readonly code = 'missing_secret';
  override name = 'MissingSecretError';

  constructor(readonly names: readonly string[]) {
    const list = names.map((name) => `{{secrets.${name}}}`).join(', ');
    super(
      `Not sent: the template uses ${list}, which the organization does not have (or which could not be opened). ` +
        'Create the secret again, then redeliver.',
    );
  }
}
