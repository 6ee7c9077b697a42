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
      {/* A long body scrolls in its box, and a keyboard must reach it to scroll it (WCAG 2.1.1). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region's keyboard stop, as axe's scrollable-region-focusable asks */}
      <pre className="request-body" tabIndex={0}>
        <code>{readableBody(request.body)}</code>
      </pre>
    </figure>
  );
}
