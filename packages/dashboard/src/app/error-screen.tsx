import { type ErrorComponentProps, Link } from '@tanstack/react-router';
import { ApiProblem } from '../api/client.js';

/** What a screen shows when its data could not load: the server's own words, and a way on. */
export function ErrorScreen({ error, reset }: ErrorComponentProps) {
  const problem = error instanceof ApiProblem ? error.problem : undefined;
  return (
    <main className="message-screen" role="alert">
      <h1>{problem?.title ?? 'Something went wrong'}</h1>
      <p>{problem?.detail ?? (error instanceof Error ? error.message : String(error))}</p>
      {problem?.requestId && (
        <p className="muted">
          Request id <code>{problem.requestId}</code>
        </p>
      )}
      <div className="row">
        <button type="button" className="button button-primary" onClick={reset}>
          Try again
        </button>
        <Link to="/" className="button button-secondary">
          Home
        </Link>
      </div>
    </main>
  );
}

export function NotFoundScreen() {
  return (
    <main className="message-screen">
      <h1>Nothing here</h1>
      <p>This page does not exist, or you are not a member of what it shows.</p>
      <Link to="/" className="button button-primary">
        Home
      </Link>
    </main>
  );
}
