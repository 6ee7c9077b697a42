/**
 * The server's errors at `prefix` and below, as one message (`webhook.body.text: …`): for a field
 * that edits a whole structure (the body template, the events), whose errors come at inner paths.
 */
export function errorsUnder(errors: Readonly<Record<string, string>>, prefix: string): string | undefined {
  const messages = Object.entries(errors)
    .filter(([path]) => path === prefix || path.startsWith(`${prefix}.`))
    .map(([path, message]) => (path === prefix ? message : `${path.slice(prefix.length + 1)}: ${message}`));
  return messages.length > 0 ? messages.join(' ') : undefined;
}
