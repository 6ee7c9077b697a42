import type { ApiKey, Inbox } from '@hearback/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, dataOf } from '../api/client.js';
import { apiKeysQuery } from '../settings/settings-queries.js';

/** The name the guide gives the widget's key of an inbox, by which it finds it again. */
export const widgetKeyName = (inbox: Inbox) => `Widget (${inbox.name})`;

/** The key the guide made in this browser session, with the secret the server shows only once. */
interface RememberedKey {
  id: string;
  secret: string;
}

// Session storage: the secret outlives a visit to another screen (the guide asks for no second
// key) but not the browser session, and a collect key may only send feedback.
const storageKey = (orgId: string, inboxId: string) => `hearback.setup.widget-key.${orgId}.${inboxId}`;

function recall(orgId: string, inboxId: string): RememberedKey | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(storageKey(orgId, inboxId)) ?? 'null');
    return typeof stored?.id === 'string' && typeof stored?.secret === 'string' ? stored : undefined;
  } catch {
    return undefined;
  }
}

function remember(orgId: string, inboxId: string, key: RememberedKey): void {
  try {
    sessionStorage.setItem(storageKey(orgId, inboxId), JSON.stringify(key));
  } catch {
    // Storage refused (a private window's quota): the snippet shows until the guide is left.
  }
}

const isActive = (key: ApiKey, now: number) =>
  !key.revokedAt && (!key.expiresAt || new Date(key.expiresAt).getTime() > now);

/**
 * The widget key of the guide's inbox: the one made here (its secret known to this browser
 * session), or an earlier one whose secret is gone, which `create` replaces (revoking it) so that
 * returning to the guide never piles keys up.
 */
export function useWidgetKey(orgId: string, inbox: Inbox) {
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQuery(orgId));
  const [made, setMade] = useState<RememberedKey | undefined>(() => recall(orgId, inbox.id));
  const now = Date.now();
  const widgetKeys = (keys.data?.data ?? []).filter(
    (key) =>
      isActive(key, now) &&
      key.brandId === null &&
      key.name === widgetKeyName(inbox) &&
      key.scopes.length === 1 &&
      key.scopes[0] === 'collect',
  );
  const known = made && keys.data && widgetKeys.some((key) => key.id === made.id) ? made : undefined;
  const earlier = known ? undefined : widgetKeys[0];
  const create = useMutation({
    mutationFn: async () => {
      const created = await dataOf(
        api.POST('/organizations/{orgId}/api-keys', {
          params: { path: { orgId } },
          body: { name: widgetKeyName(inbox), scopes: ['collect'] },
        }),
      );
      const kept = { id: created.id, secret: created.secret };
      remember(orgId, inbox.id, kept);
      setMade(kept);
      for (const old of widgetKeys)
        await dataOf(
          api.POST('/organizations/{orgId}/api-keys/{keyId}/revoke', { params: { path: { orgId, keyId: old.id } } }),
        );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery(orgId).queryKey }),
  });
  return { loading: keys.isPending, secret: known?.secret, earlier, create };
}
