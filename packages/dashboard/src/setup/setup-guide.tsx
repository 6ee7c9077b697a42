import type { Feedback, Inbox } from '@hearback/client';
import { createHearbackClient } from '@hearback/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { api, dataOf } from '../api/client.js';
import { inboxesQuery } from '../api/organization.js';
import { usePermissions } from '../app/permissions.js';
import { RoleNeeded } from '../app/role-needed.js';
import { useFeedbackStream } from '../inbox/use-feedback-stream.js';
import { When } from '../settings/when.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { CopyButton } from '../ui/copy-button.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { setupRoute } from './setup-route.js';
import { useWidgetKey } from './widget-key.js';
import { widgetSnippet } from './widget-snippet.js';

const FIRST_INBOX_NAME = 'Website';
const TEST_COMMENT = 'Test feedback from the set-up guide';

/** Step 1: the inbox the widget sends to (the first one, or a new "Website" inbox). */
function useFirstInbox(orgId: string) {
  const queryClient = useQueryClient();
  const inboxes = useQuery(inboxesQuery(orgId));
  const create = useMutation({
    mutationFn: () =>
      dataOf(
        api.POST('/organizations/{orgId}/inboxes', { params: { path: { orgId } }, body: { name: FIRST_INBOX_NAME } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxesQuery(orgId).queryKey }),
  });
  return { inbox: inboxes.data?.data[0], loading: inboxes.isPending, create };
}

/** Step 3: sends a test item with the new key and watches the organization's stream for it. */
function TestDelivery({ orgId, inbox, collectKey }: { orgId: string; inbox: Inbox; collectKey: string }) {
  const [arrived, setArrived] = useState<Feedback>();
  const [sentId, setSentId] = useState<string>();
  const onArrive = useCallback((item: Feedback) => setArrived((seen) => seen ?? item), []);
  const stream = useFeedbackStream(orgId, { inboxId: inbox.id }, onArrive);
  const send = useMutation({
    mutationFn: async () => {
      const asWidget = createHearbackClient({ baseUrl: window.location.origin, apiKey: collectKey });
      return dataOf(
        asWidget.POST('/collect', {
          body: {
            inboxKey: inbox.inboxKey,
            type: 'thumbs',
            score: 1,
            comment: TEST_COMMENT,
            context: { source: 'setup-guide' },
          },
        }),
      );
    },
    onSuccess: (result) => setSentId(result.id),
  });
  const seen = arrived && (!sentId || arrived.id === sentId);
  return (
    <section className="setup-step" aria-labelledby="step-3">
      <h2 id="step-3">3. Send a test and watch it arrive</h2>
      <p>This sends a thumbs-up through the same endpoint the widget uses, with the key above.</p>
      <Button variant="primary" onClick={() => send.mutate()} pending={send.isPending} disabled={stream !== 'live'}>
        Send test feedback
      </Button>
      <Alert>{problemFeedback(send.error).formError}</Alert>
      {seen ? (
        <Alert tone="success">
          Arrived live: “{arrived.comment}”.{' '}
          <Link to="/orgs/$orgId/inbox" params={{ orgId }} search={{ item: arrived.id }}>
            Open it in the inbox
          </Link>
        </Alert>
      ) : (
        sentId && <p role="status">Sent. Waiting for it to arrive…</p>
      )}
    </section>
  );
}

/** Steps 2 and 3: the widget's key and snippet (one key per inbox, however often the guide is opened), then a test. */
function WidgetSteps({ orgId, inbox }: { orgId: string; inbox: Inbox }) {
  const { may } = usePermissions();
  const { loading, secret, earlier, create } = useWidgetKey(orgId, inbox);
  return (
    <>
      <section className="setup-step" aria-labelledby="step-2">
        <h2 id="step-2">2. Paste the widget into your site</h2>
        {loading ? null : secret ? (
          <>
            <p>
              Paste this before <code>&lt;/body&gt;</code>. The key can only send feedback; it is shown once, here.
            </p>
            <pre className="snippet">
              <code>{widgetSnippet(window.location.origin, inbox.inboxKey, secret)}</code>
            </pre>
            <CopyButton text={widgetSnippet(window.location.origin, inbox.inboxKey, secret)} label="Copy snippet" />
          </>
        ) : (
          <>
            {earlier ? (
              <p>
                The widget’s key “<strong>{earlier.name}</strong>” <span className="muted">…{earlier.hint}</span> was
                created <When iso={earlier.createdAt} />; its secret was shown once, then. If your site has its snippet,
                there is nothing more to do here. To see a snippet again, replace the key: sites with the old snippet
                stop sending feedback until you paste the new one.
              </p>
            ) : (
              <p>The widget needs a key that may only send feedback.</p>
            )}
            {!may('createApiKey') ? (
              <RoleNeeded operation="createApiKey" action="create it" />
            ) : (
              <>
                <Button variant="primary" onClick={() => create.mutate()} pending={create.isPending}>
                  {earlier ? 'Replace the key and show the snippet' : 'Create a collect key and show the snippet'}
                </Button>
                <Alert>{problemFeedback(create.error).formError}</Alert>
              </>
            )}
          </>
        )}
      </section>
      {secret && <TestDelivery orgId={orgId} inbox={inbox} collectKey={secret} />}
    </>
  );
}

/** The first-run guide: an inbox, the widget snippet with its keys, a test that arrives live. */
export function SetupGuide() {
  const { orgId } = setupRoute.useParams();
  const { inbox, loading, create } = useFirstInbox(orgId);
  // The sidebar hides this guide from roles that cannot write, but its address still opens it.
  const { may } = usePermissions();
  return (
    <div className="setup">
      <header className="page-header">
        <h1>Set up feedback collection</h1>
      </header>
      <section className="setup-step" aria-labelledby="step-1">
        <h2 id="step-1">1. An inbox for your site</h2>
        {loading ? null : inbox ? (
          <p>
            Feedback goes to the inbox “<strong>{inbox.name}</strong>”.
          </p>
        ) : !may('createInbox') ? (
          <RoleNeeded operation="createInbox" action="create the first inbox" />
        ) : (
          <>
            <p>An inbox groups feedback from one place (a site, an app, a form).</p>
            <Button variant="primary" onClick={() => create.mutate()} pending={create.isPending}>
              Create the “{FIRST_INBOX_NAME}” inbox
            </Button>
            <Alert>{problemFeedback(create.error).formError}</Alert>
          </>
        )}
      </section>
      {inbox && <WidgetSteps orgId={orgId} inbox={inbox} />}
    </div>
  );
}
