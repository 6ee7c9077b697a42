import { describe, expect, it } from 'vitest';
import { textStream } from './text-stream.js';

describe('textStream', () => {
  it('produces each chunk only when the reader asks, and stops the source when cancelled', async () => {
    const produced: number[] = [];
    let finished = false;
    async function* source() {
      try {
        for (let n = 1; n <= 3; n += 1) {
          produced.push(n);
          yield `chunk ${n}\n`;
        }
      } finally {
        finished = true;
      }
    }
    // Lets any pull the stream would start on its own run before looking.
    const settled = () => new Promise((resolve) => setImmediate(resolve));
    const reader = textStream(source()).getReader();
    await settled();
    expect(produced).toEqual([]);
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('chunk 1\n');
    await settled();
    expect(produced).toEqual([1]);
    await reader.cancel();
    expect(produced).toEqual([1]);
    expect(finished).toBe(true);
  });

  it('ends after the last chunk, in UTF-8', async () => {
    async function* source() {
      yield '\uFEFFé';
      yield '€';
    }
    const bytes = new Uint8Array(await new Response(textStream(source())).arrayBuffer());
    expect([...bytes]).toEqual([0xef, 0xbb, 0xbf, 0xc3, 0xa9, 0xe2, 0x82, 0xac]);
  });
});
