import type { AutomationInput, EventType } from '@hearback/client';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiProblem } from '../api/client.js';
import { Alert } from '../ui/alert.js';
import { SelectField } from '../ui/select.js';
import { previewQuery } from './automation-queries.js';
import { EVENT_TYPE_LABELS } from './event-types.js';
import { FIELD_LABELS, fieldName } from './field-labels.js';
import { RequestView } from './request-view.js';
import { useDebounced } from './use-debounced.js';

/** Wait this long after the last keystroke before asking the server to render again. */
const PREVIEW_DELAY_MS = 400;

/**
 * The request the draft would send for a sample event, rendered by the server's own renderer as
 * the user types (debounced), with what the render could not do (a missing secret, an unknown
 * placeholder). Secrets show masked; the signature is a placeholder until the automation exists.
 */
export function TemplatePreview({
  orgId,
  input,
  draftProblem,
}: {
  orgId: string;
  /** The draft as the API takes it; undefined while it cannot be sent (say, the body is not JSON). */
  input: AutomationInput | undefined;
  draftProblem?: string | undefined;
}) {
  const [chosen, setChosen] = useState<EventType>();
  const events = input?.events ?? [];
  const event = chosen && events.includes(chosen) ? chosen : events[0];
  const ready =
    input && event && input.webhook.url !== '' ? { ...input, name: input.name || undefined, event } : undefined;
  const settled = useDebounced(ready, PREVIEW_DELAY_MS);
  const preview = useQuery(previewQuery(orgId, settled));
  const problem = preview.error instanceof ApiProblem ? preview.error : undefined;
  // From the keystroke on, not only while the request is out: the pause before it is part of the wait.
  const rendering = ready !== undefined && (preview.isFetching || JSON.stringify(ready) !== JSON.stringify(settled));

  return (
    <section className="automation-panel" aria-labelledby="preview-title" aria-busy={rendering}>
      <div className="preview-heading">
        <h2 id="preview-title">Preview</h2>
        {/* The last preview stays shown while the next renders, as the other screens keep their data.
            Not a live region: it would speak at every pause in typing; the section's aria-busy says it. */}
        {rendering && <p className="muted">Rendering preview…</p>}
      </div>
      {events.length > 1 && (
        <SelectField
          label={FIELD_LABELS.event}
          value={event ?? null}
          options={events.map((type) => ({ id: type, label: EVENT_TYPE_LABELS[type] }))}
          onChange={(id) => setChosen(id as EventType)}
        />
      )}
      {draftProblem ? (
        <p className="muted">{draftProblem}</p>
      ) : !ready ? (
        <p className="muted">Choose an event and a URL to see the request for a sample event.</p>
      ) : problem ? (
        <div role="status">
          <p>The request cannot be rendered yet:</p>
          <ul className="preview-problems">
            {(problem.problem.errors ?? [{ path: '', message: problem.message }]).map((error) => (
              <li key={`${error.path}:${error.message}`}>
                {error.path ? `${fieldName(error.path)}: ${error.message}` : error.message}
              </li>
            ))}
          </ul>
        </div>
      ) : preview.data ? (
        <>
          <p className="muted">
            For a sample “{event && EVENT_TYPE_LABELS[event]}” event. Secrets are masked; the signature is added when
            sent.
          </p>
          {preview.data.warnings.length > 0 && (
            <Alert tone="info">
              <ul className="preview-warnings" aria-label="Render warnings">
                {preview.data.warnings.map((warning) => (
                  <li key={`${warning.code}:${warning.message}`}>{warning.message}</li>
                ))}
              </ul>
            </Alert>
          )}
          <RequestView request={preview.data.request} label="Rendered request" />
        </>
      ) : (
        preview.isError && <Alert>{preview.error.message}</Alert>
      )}
    </section>
  );
}
