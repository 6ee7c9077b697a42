import type { Delivery } from '@hearback/client';
import { fullTime } from '../inbox/relative-time.js';

type Attempt = Delivery['attempts'][number];

/** `200 in 12 ms`, or why there was no answer (`timeout in 15000 ms`). */
const attemptResult = (attempt: Attempt) =>
  `${attempt.statusCode ?? attempt.outcome.replaceAll('_', ' ')} in ${Math.round(attempt.latencyMs)} ms`;

/** The last attempt in a few words, for the delivery's line. */
export function lastAttemptSummary(delivery: Delivery): string {
  const last = delivery.attempts.at(-1);
  if (!last) return 'Not attempted yet';
  const count = delivery.attempts.length;
  return `${count} ${count === 1 ? 'attempt' : 'attempts'}, last: ${attemptResult(last)}`;
}

/** Every attempt of a delivery, oldest first: time, status or outcome, latency, error and the response's start. */
export function DeliveryAttempts({ delivery }: { delivery: Delivery }) {
  return (
    <details className="delivery-attempts">
      <summary>
        Attempts of {delivery.eventType} {delivery.eventId}
      </summary>
      <table className="data-table">
        <caption className="visually-hidden">Attempts, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Time</th>
            <th scope="col">Result</th>
            <th scope="col">Error or response</th>
          </tr>
        </thead>
        <tbody>
          {delivery.attempts.map((attempt, index) => (
            <tr key={attempt.at}>
              <td>{index + 1}</td>
              <td>
                <time dateTime={attempt.at}>{fullTime(attempt.at)}</time>
              </td>
              <td>{attemptResult(attempt)}</td>
              <td>
                {attempt.error && <p className="attempt-error">{attempt.error}</p>}
                {attempt.responseExcerpt && (
                  <pre className="attempt-response">
                    <code>{attempt.responseExcerpt}</code>
                  </pre>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
