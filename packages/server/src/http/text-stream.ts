/**
 * A response body that pulls text from `chunks` only as the client reads: the next chunk (a batch
 * read from the database, say) is produced once the last one has been taken, and a client that
 * goes away stops the source. A source that fails midway ends the body early (the headers are out).
 *
 * @example
 * return c.body(textStream(file.chunks), 200, { 'content-type': 'text/csv; charset=utf-8' });
 */
export function textStream(chunks: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const source = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await source.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await source.return?.(undefined);
      },
    },
    // No read-ahead: a chunk is produced for a read, not to fill a queue.
    { highWaterMark: 0 },
  );
}
