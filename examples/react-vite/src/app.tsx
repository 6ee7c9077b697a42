import { FeedbackWidget, type SubmitOutcome, useFeedback, type WidgetError } from '@hearback/react';
import { useState, version } from 'react';

const hearback = {
  apiUrl: import.meta.env.VITE_HEARBACK_URL as string,
  inboxKey: import.meta.env.VITE_HEARBACK_INBOX_KEY as string,
  apiKey: import.meta.env.VITE_HEARBACK_KEY as string,
};

/**
 * Three ways in: a floating launcher (<FeedbackWidget type="stars" />), the form inline in a card
 * (<FeedbackWidget inline />), and useFeedback() for a button that opens a bug report and a
 * one-click thumbs-up sent without any dialog.
 */
export function App() {
  const [log, setLog] = useState<string[]>([]);
  const note = (line: string) => setLog((lines) => [...lines, line]);
  const context = { page: 'dashboard', reactVersion: version };

  const bugReport = useFeedback({
    ...hearback,
    type: 'text',
    launcher: false,
    prompt: 'What went wrong?',
    context,
    onSuccess: ({ id }) => note(`bug report ${id}`),
  });
  const quick = useFeedback({ ...hearback, type: 'thumbs', launcher: false, context });
  const [quickResult, setQuickResult] = useState<SubmitOutcome | null>(null);

  return (
    <main>
      <header>
        <h1>Acme dashboard</h1>
        <p>
          React {version} · feedback by Hearback · <span data-testid="ready">{quick.ready ? 'ready' : 'loading'}</span>
        </p>
      </header>
      <section className="card">
        <h2>Weekly report</h2>
        <p>Revenue is up 12% and churn is down to 1.9%.</p>
        <FeedbackWidget
          {...hearback}
          inline
          type="nps"
          context={{ ...context, section: 'weekly-report' }}
          onSuccess={({ id }) => note(`nps ${id}`)}
          onError={(error: WidgetError) => note(`nps error ${error.code}`)}
        />
      </section>
      <section className="card actions">
        <button type="button" onClick={() => bugReport.open()}>
          Report a bug
        </button>
        <button type="button" onClick={async () => setQuickResult(await quick.submit({ score: 1 }))}>
          Useful
        </button>
        {quickResult && <span data-testid="quick">{quickResult.status}</span>}
      </section>
      <pre data-testid="log">{log.join('\n')}</pre>
      <FeedbackWidget {...hearback} type="stars" position="bottom-right" context={{ ...context, widget: 'floating' }} />
    </main>
  );
}
