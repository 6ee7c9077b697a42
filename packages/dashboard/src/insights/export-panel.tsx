import type { FeedbackStatsQuery } from '@hearback/client';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { SelectField } from '../ui/select.js';
import type { ExportFormat } from './export-rows.js';
import { statsQuery } from './insights-queries.js';
import { useExport } from './use-export.js';

const FORMAT_OPTIONS: { id: ExportFormat; label: string }[] = [
  { id: 'csv', label: 'CSV (spreadsheets)' },
  { id: 'json', label: 'JSON' },
  { id: 'ndjson', label: 'NDJSON (one item a line)' },
];

const count = (rows: number) => `${rows.toLocaleString('en-US')} ${rows === 1 ? 'item' : 'items'}`;

/** Downloads every item of the screen's filter and period, with the items counted as they arrive. */
export function ExportPanel({ orgId, filters }: { orgId: string; filters: FeedbackStatsQuery }) {
  const [format, setFormat] = useState<ExportFormat>('csv');
  const stats = useQuery(statsQuery(orgId, filters));
  const { state, start, cancel } = useExport(orgId);
  const progressId = useId();
  const total = stats.data?.total;
  const running = state.phase === 'running';

  return (
    <section className="insights-section export-panel" aria-labelledby={`${progressId}-heading`}>
      <h2 id={`${progressId}-heading`}>Export</h2>
      <p className="muted">
        Every item of this period and these filters
        {total !== undefined && <> ({count(total)})</>}, newest first.
      </p>
      <div className="export-controls">
        <SelectField
          label="File format"
          options={FORMAT_OPTIONS}
          value={format}
          onChange={(id) => setFormat(id as ExportFormat)}
          disabled={running}
        />
        <Button variant="primary" onClick={() => void start(format, filters)} pending={running}>
          Export {format.toUpperCase()}
        </Button>
        {running && <Button onClick={cancel}>Cancel export</Button>}
      </div>
      {running && (
        <div className="export-progress">
          <label htmlFor={progressId}>Exporting…</label>
          <progress id={progressId} max={total || undefined} value={total ? Math.min(state.rows, total) : undefined} />
          <span role="status">
            {count(state.rows)}
            {total !== undefined && ` of ${total.toLocaleString('en-US')}`}
          </span>
        </div>
      )}
      {state.phase === 'done' && (
        <Alert tone="success">
          Exported {count(state.rows)} to {state.filename}.
        </Alert>
      )}
      {state.phase === 'cancelled' && <Alert tone="info">Export cancelled after {count(state.rows)}.</Alert>}
      {state.phase === 'failed' && <Alert>The export failed: {state.message}</Alert>}
    </section>
  );
}
