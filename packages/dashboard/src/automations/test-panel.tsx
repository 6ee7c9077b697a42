import type { Automation, EventType, WebhookTestOutcome } from '@hearback/client';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api, dataOf } from '../api/client.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { SelectField } from '../ui/select.js';
import { EVENT_TYPE_LABELS } from './event-types.js';
import { RequestView } from './request-view.js';

const OUTCOME_WORDS: Record<WebhookTestOutcome['kind'], string> = {
  response: 'The receiver answered',
  network_error: 'The request did not get through',
  timeout: 'No complete answer within 15 seconds',
  // The server's error names the address and the setting that allows it.
  address_refused: 'The address is not allowed',
};

/** One sentence for how a test went: the receiver's status and time, or why there was no answer. */
export function outcomeSummary(outcome: WebhookTestOutcome): string {
  const status = outcome.status === undefined ? '' : ` ${outcome.status}`;
  const reason = outcome.error ? `: ${outcome.error}` : '';
  const sentence = `${OUTCOME_WORDS[outcome.kind]}${status} in ${outcome.latencyMs} ms${reason}`;
  // The server's errors are sentences already: one full stop, not two.
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/**
 * Sends the sample of one of the automation's events to its URL now, signed, and shows what the
 * receiver did. Not a delivery: nothing is retried or logged.
 */
export function TestPanel({ orgId, automation }: { orgId: string; automation: Automation }) {
  const [event, setEvent] = useState<EventType>(automation.events[0] ?? 'feedback.created');
  const chosen = automation.events.includes(event) ? event : automation.events[0];
  const test = useMutation({
    mutationFn: () =>
      dataOf(
        api.POST('/organizations/{orgId}/automations/{automationId}/test', {
          params: { path: { orgId, automationId: automation.id } },
          body: chosen ? { event: chosen } : {},
        }),
      ),
  });
  const outcome = test.data?.outcome;
  const succeeded = outcome?.kind === 'response' && outcome.status !== undefined && outcome.status < 300;
  return (
    <section className="automation-panel" aria-labelledby="test-title">
      <h2 id="test-title">Send a test</h2>
      <p className="muted">
        Sends a sample event to the URL now, signed. It is not retried and not in the delivery log.
      </p>
      <div className="row test-row">
        {automation.events.length > 1 && (
          <SelectField
            label="Test event"
            value={chosen ?? null}
            options={automation.events.map((type) => ({ id: type, label: EVENT_TYPE_LABELS[type] }))}
            onChange={(id) => setEvent(id as EventType)}
          />
        )}
        <Button onClick={() => test.mutate()} pending={test.isPending}>
          Send test
        </Button>
      </div>
      <Alert>{problemFeedback(test.error).formError}</Alert>
      {test.data && outcome && (
        <div className="stack test-result">
          <Alert tone={succeeded ? 'success' : 'error'}>{outcomeSummary(outcome)}</Alert>
          {outcome.responseExcerpt && (
            <div>
              <h3>Response</h3>
              <pre className="request-body">
                <code>{outcome.responseExcerpt}</code>
              </pre>
            </div>
          )}
          <details>
            <summary>Request sent</summary>
            <RequestView request={test.data.request} label="Test request" />
          </details>
          {test.data.warnings.length > 0 && (
            <ul className="preview-warnings" aria-label="Render warnings">
              {test.data.warnings.map((warning) => (
                <li key={`${warning.code}:${warning.message}`}>{warning.message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
