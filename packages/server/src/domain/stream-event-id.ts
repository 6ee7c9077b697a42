/**
 * The `id:` of a streamed event: its place in the outbox log (a StreamPosition, `{tx, seq}`), written
 * `<tx>-<seq>`. Clients hand it back as `Last-Event-ID` and treat it as opaque.
 */
export interface LogPosition {
  tx: string;
  seq: number;
}

/** What a `Last-Event-ID` this server wrote looks like: two decimal numbers. */
export const STREAM_EVENT_ID_PATTERN = /^(\d{1,20})-(\d{1,15})$/;

/**
 * The event id of a log position.
 *
 * @example
 * streamEventId({ tx: '0', seq: 42 }); // '0-42'
 */
export function streamEventId(position: LogPosition): string {
  return `${position.tx}-${position.seq}`;
}

/**
 * The log position an event id names, or undefined when it is not one this server writes.
 *
 * @example
 * positionOfStreamEventId('0-42'); // { tx: '0', seq: 42 }
 */
export function positionOfStreamEventId(id: string): LogPosition | undefined {
  const match = STREAM_EVENT_ID_PATTERN.exec(id);
  if (!match?.[1] || !match[2]) return undefined;
  return { tx: BigInt(match[1]).toString(), seq: Number(match[2]) };
}
