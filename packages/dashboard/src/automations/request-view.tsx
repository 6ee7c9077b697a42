import type { WebhookRequest } from '@hearback/client';

/** The body as sent, indented when it is JSON (it always is; the fallback shows it as it came). */
function readableBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** A rendered webhook request (a preview's or a test's): method, URL, headers and body, as text. */
export function RequestView({ request, label }: { request: WebhookRequest; label: string }) {
  return (
    <figure className="request-view" aria-label={label}>
      <p className="request-line">
        <strong>{request.method}</strong> <span className="request-url">{request.url}</span>
      </p>
      <dl className="request-headers">
        {Object.entries(request.headers).map(([name, value]) => (
          <div key={name} className="request-header">
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <pre className="request-body">
        <code>{readableBody(request.body)}</code>
      </pre>
    </figure>
  );
}
