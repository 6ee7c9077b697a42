import type { AutomationInput, EventType, FeedbackType } from '@hearback/client';
import { AutomationInputSchema, WEBHOOK_METHODS, type WebhookMethod } from '@hearback/inputs';
import { capitalized, FEEDBACK_TYPE_NAMES, FEEDBACK_TYPES } from '@hearback/spec';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { inboxesQuery } from '../api/organization.js';
import { usePermissions } from '../app/permissions.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/fields.js';
import { Form } from '../ui/form.js';
import { SelectField } from '../ui/select.js';
import { useInputCheck } from '../ui/use-input-check.js';
import { type AutomationDraft, inputOf } from './automation-draft.js';
import { EVENT_TYPE_LABELS, EVENT_TYPES } from './event-types.js';
import { errorsUnder } from './field-errors.js';
import { FIELD_LABELS, jsonLocation } from './field-labels.js';
import { HeadersEditor } from './headers-editor.js';
import { SecretsPanel } from './secrets-panel.js';
import { TemplatePreview } from './template-preview.js';

/** The "any" choice of an optional filter (a select cannot choose the empty value). */
const ANY = 'any';

export interface AutomationEditorProps {
  orgId: string;
  initial: AutomationDraft;
  submitLabel: string;
  onSubmit: (input: AutomationInput) => void;
  pending: boolean;
  /** The last request's failure: its field errors show beside their fields (unless the draft's own check found some). */
  error: unknown;
  /** Shown on create only: an existing automation is enabled and disabled from its page. */
  showEnabled?: boolean;
  /** For a member who may read but not change it: every field shown, none editable. */
  readOnly?: boolean;
}

/**
 * The automation editor (create and edit): events, filters, URL and method, headers, the body
 * template with a live preview of a sample event, and the organization's secrets beside it.
 */
export function AutomationEditor({
  orgId,
  initial,
  submitLabel,
  onSubmit,
  pending,
  error,
  showEnabled,
  readOnly = false,
}: AutomationEditorProps) {
  const { may } = usePermissions();
  const inboxes = useQuery(inboxesQuery(orgId));
  const [draft, setDraft] = useState(initial);
  const [bodyError, setBodyError] = useState<string>();
  const set = <K extends keyof AutomationDraft>(key: K, value: AutomationDraft[K]) =>
    setDraft((previous) => ({ ...previous, [key]: value }));
  // The draft is checked with the server's own schema: a field it would refuse is flagged before any request.
  const input = useInputCheck(AutomationInputSchema);
  const { validationErrors, formError } = input.feedback(error);
  const drafted = inputOf(draft);
  const toggleEvent = (type: EventType, on: boolean) =>
    set(
      'events',
      EVENT_TYPES.filter((other) => (other === type ? on : draft.events.includes(other))),
    );

  return (
    <div className="automation-editor">
      <Form
        className="automation-form"
        validationErrors={validationErrors}
        onSubmit={(event) => {
          event.preventDefault();
          setBodyError(drafted.bodyError);
          if (drafted.input) input.submit(drafted.input, onSubmit);
        }}
      >
        <fieldset className="editor-fields" disabled={readOnly}>
          <TextField
            label={FIELD_LABELS.name}
            name="name"
            value={draft.name}
            onChange={(event) => set('name', event.target.value)}
            required
            placeholder="Detractors to Slack"
          />
          <fieldset
            className="automation-fieldset"
            aria-describedby={validationErrors.events ? 'events-error' : undefined}
          >
            <legend>{FIELD_LABELS.events}</legend>
            {EVENT_TYPES.map((type) => (
              <label key={type} className="check-option">
                <input
                  type="checkbox"
                  className="checkbox"
                  checked={draft.events.includes(type)}
                  onChange={(event) => toggleEvent(type, event.target.checked)}
                />
                <span>
                  {EVENT_TYPE_LABELS[type]} <code className="muted">{type}</code>
                </span>
              </label>
            ))}
            {errorsUnder(validationErrors, 'events') && (
              <span id="events-error" className="field-error" role="alert">
                {errorsUnder(validationErrors, 'events')}
              </span>
            )}
          </fieldset>
          <fieldset className="automation-fieldset filter-fields">
            <legend>Only feedback that matches</legend>
            <SelectField
              label={FIELD_LABELS['filter.inboxId']}
              name="filter.inboxId"
              value={draft.inboxId || ANY}
              options={[
                { id: ANY, label: 'Any inbox' },
                ...(inboxes.data?.data ?? []).map((inbox) => ({ id: inbox.id, label: inbox.name })),
              ]}
              onChange={(id) => set('inboxId', id === ANY ? '' : id)}
            />
            <SelectField
              label={FIELD_LABELS['filter.type']}
              name="filter.type"
              value={draft.type || ANY}
              options={[
                { id: ANY, label: 'Any type' },
                ...FEEDBACK_TYPES.map((type) => ({ id: type, label: capitalized(FEEDBACK_TYPE_NAMES[type]) })),
              ]}
              onChange={(id) => set('type', id === ANY ? '' : (id as FeedbackType))}
            />
            <TextField
              label={FIELD_LABELS['filter.scoreMin']}
              name="filter.scoreMin"
              type="number"
              step={1}
              value={draft.scoreMin}
              onChange={(event) => set('scoreMin', event.target.value)}
            />
            <TextField
              label={FIELD_LABELS['filter.scoreMax']}
              name="filter.scoreMax"
              type="number"
              step={1}
              value={draft.scoreMax}
              onChange={(event) => set('scoreMax', event.target.value)}
            />
            <TextField
              label={FIELD_LABELS['filter.source']}
              name="filter.source"
              value={draft.source}
              onChange={(event) => set('source', event.target.value)}
              placeholder="widget"
              description="Page responses are not filtered."
            />
          </fieldset>
          <fieldset className="automation-fieldset">
            <legend>Send to</legend>
            <div className="url-row">
              <SelectField
                label={FIELD_LABELS['webhook.method']}
                name="webhook.method"
                value={draft.method}
                options={WEBHOOK_METHODS.map((method) => ({ id: method, label: method }))}
                onChange={(id) => set('method', id as WebhookMethod)}
              />
              <TextField
                label={FIELD_LABELS['webhook.url']}
                name="webhook.url"
                type="url"
                value={draft.url}
                onChange={(event) => set('url', event.target.value)}
                required
                placeholder="https://hooks.example.com/hearback"
                spellCheck={false}
              />
            </div>
          </fieldset>
          <HeadersEditor rows={draft.headers} onChange={(rows) => set('headers', rows)} disabled={readOnly} />
          <TextField
            label={FIELD_LABELS['webhook.body']}
            name="webhook.body"
            multiline
            rows={10}
            className="body-template"
            spellCheck={false}
            value={draft.body}
            onChange={(event) => set('body', event.target.value)}
            error={bodyError ?? errorsUnder(validationErrors, 'webhook.body', (path) => `At ${jsonLocation(path)}`)}
            description={
              <>
                Strings may hold placeholders such as <code>{'{{feedback.comment}}'}</code>; one that is the whole
                string keeps its type (<code>{'"{{feedback.score}}"'}</code> sends a number). Leave empty to send the
                event itself.
              </>
            }
          />
          {showEnabled && (
            <label className="check-option">
              <input
                type="checkbox"
                className="checkbox"
                checked={draft.enabled}
                onChange={(event) => set('enabled', event.target.checked)}
              />
              <span>Enabled: deliver events as soon as it is saved</span>
            </label>
          )}
        </fieldset>
        <Alert>{formError}</Alert>
        {!readOnly && (
          <div className="row">
            <Button type="submit" variant="primary" pending={pending}>
              {submitLabel}
            </Button>
          </div>
        )}
      </Form>
      {(may('previewAutomation') || may('listSecrets')) && (
        <aside className="automation-aside" aria-label="Preview and secrets">
          {may('previewAutomation') && (
            <TemplatePreview orgId={orgId} input={drafted.input} draftProblem={drafted.bodyError} />
          )}
          {may('listSecrets') && <SecretsPanel orgId={orgId} />}
        </aside>
      )}
    </div>
  );
}
