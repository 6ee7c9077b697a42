/**
 * The server's errors at `prefix` and below, as one message: for a field that edits a whole
 * structure (the body template, the events), whose errors come at inner paths. `locate` words an
 * inner path for the person who wrote the structure (a place in their JSON); without it, or when
 * it answers undefined, the message stands alone (an event's message names the event itself).
 *
 * @example
 * errorsUnder({ 'webhook.body.text': 'Unknown root.' }, 'webhook.body', (path) => `At ${path.join('.')}`);
 * // 'At text: Unknown root.'
 */
export function errorsUnder(
  errors: Readonly<Record<string, string>>,
  prefix: string,
  locate: (innerPath: string[]) => string | undefined = () => undefined,
): string | undefined {
  const messages = Object.entries(errors)
    .filter(([path]) => path === prefix || path.startsWith(`${prefix}.`))
    .map(([path, message]) => {
      const where = path === prefix ? undefined : locate(path.slice(prefix.length + 1).split('.'));
      return where ? `${where}: ${message}` : message;
    });
  return messages.length > 0 ? messages.join(' ') : undefined;
}
