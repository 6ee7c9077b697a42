import { Button } from '../ui/button.js';
import { TextField } from '../ui/fields.js';
import { useFieldError } from '../ui/form.js';
import { type HeaderRow, headerRow } from './automation-draft.js';
import { FIELD_LABELS } from './field-labels.js';

/**
 * The webhook's extra headers, a row each (add, remove). A value may reference a secret as
 * `{{secrets.NAME}}`; the server's error for a header is keyed by its name, so it shows beside it.
 */
export function HeadersEditor({
  rows,
  onChange,
  disabled,
}: {
  rows: readonly HeaderRow[];
  onChange: (rows: HeaderRow[]) => void;
  /** Read-only: the rows shown, nothing to add or remove. */
  disabled?: boolean;
}) {
  const change = (key: number, patch: Partial<HeaderRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  // A rule over all the headers (their number) is keyed by the list, not by one header's name.
  const listError = useFieldError('webhook.headers');
  return (
    <fieldset className="automation-fieldset" aria-describedby={listError ? 'headers-error' : undefined}>
      <legend>{FIELD_LABELS['webhook.headers']}</legend>
      <p className="muted">
        Sent with every request. A value may use placeholders, such as <code>{'Bearer {{secrets.API_TOKEN}}'}</code>.
      </p>
      {rows.length > 0 && (
        <ul className="header-rows">
          {rows.map((row, index) => (
            <li key={row.key} className="header-row">
              <TextField
                label={`Header ${index + 1} name`}
                value={row.name}
                onChange={(event) => change(row.key, { name: event.target.value })}
                placeholder="authorization"
                autoComplete="off"
                spellCheck={false}
                disabled={disabled}
              />
              <TextField
                label={`Header ${index + 1} value`}
                name={`webhook.headers.${row.name.trim()}`}
                value={row.value}
                onChange={(event) => change(row.key, { value: event.target.value })}
                autoComplete="off"
                spellCheck={false}
                disabled={disabled}
              />
              {!disabled && (
                <Button
                  variant="quiet"
                  onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
                  aria-label={`Remove header ${index + 1}${row.name ? ` (${row.name})` : ''}`}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {listError && (
        <span id="headers-error" className="field-error" role="alert">
          {listError}
        </span>
      )}
      {!disabled && <Button onClick={() => onChange([...rows, headerRow()])}>Add header</Button>}
    </fieldset>
  );
}
