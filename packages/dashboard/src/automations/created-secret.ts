import { useEffect, useState } from 'react';

/**
 * Signing secrets of automations just created, handed from the creation screen to the automation's
 * own page. In memory only: a reload or a later visit never shows one again, as the server shows
 * it once (not history state, which a reload restores).
 */
const handedOver = new Map<string, string>();

export function handOverSigningSecret(automationId: string, secret: string): void {
  handedOver.set(automationId, secret);
}

/** The secret handed over for this automation, kept while its page is open and forgotten when it closes. */
export function useHandedOverSigningSecret(automationId: string): string | undefined {
  const [secret] = useState(() => handedOver.get(automationId));
  useEffect(() => () => void handedOver.delete(automationId), [automationId]);
  return secret;
}
