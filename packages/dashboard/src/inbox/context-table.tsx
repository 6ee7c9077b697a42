/** A context value as text: strings as they are, anything else as JSON (never as markup). */
const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The item's context (page, user, device… as the sender gave it), rendered as text. */
export function ContextTable({ context }: { context: Record<string, unknown> }) {
  const entries = Object.entries(context);
  if (entries.length === 0) return null;
  return (
    <section className="pane-section" aria-labelledby="context-title">
      <h3 id="context-title">Context</h3>
      <dl className="context-table">
        {entries.map(([name, value]) => (
          <div key={name} className="context-row">
            <dt>{name}</dt>
            <dd>{asText(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
