import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddingError } from './embedder.js';
import { OpenAiEmbedder } from './openai-embedder.js';

// A local stand-in for an OpenAI-compatible `/embeddings` service: the real ones are outside
// services these tests cannot reach. It speaks the protocol (model, input[] → data[{index, embedding}])
// and answers in reverse order to check that `index`, not position, decides.
describe('OpenAiEmbedder', () => {
  let server: Server;
  let url: string;
  const seen: { authorization?: string | undefined; body: { model: string; input: string[] } }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk) => {
        raw += chunk;
      });
      request.on('end', () => {
        if (request.url !== '/v1/embeddings') {
          response.writeHead(404).end();
          return;
        }
        const body = JSON.parse(raw) as { model: string; input: string[] };
        seen.push({ authorization: request.headers.authorization, body });
        if (body.input.includes('fail')) {
          response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
          return;
        }
        const data = body.input.map((text, index) => ({ object: 'embedding', index, embedding: [text.length, 0, 0] }));
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ object: 'list', model: body.model, data: data.reverse() }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts batches with the model and key and returns unit vectors in input order', async () => {
    const embedder = new OpenAiEmbedder({ url, model: 'tiny-embed', apiKey: 'sk-test', batchSize: 2 });
    const vectors = await embedder.embed(['a', 'bb', 'ccc']);
    expect(embedder.model).toBe('openai:tiny-embed');
    expect(vectors.map((vector) => Array.from(vector))).toEqual([
      [1, 0, 0],
      [1, 0, 0],
      [1, 0, 0],
    ]);
    expect(seen.map((call) => call.body.input)).toEqual([['a', 'bb'], ['ccc']]);
    expect(seen[0]).toMatchObject({ authorization: 'Bearer sk-test', body: { model: 'tiny-embed' } });
  });

  it('turns a failing endpoint into an EmbeddingError without echoing the body', async () => {
    const embedder = new OpenAiEmbedder({ url, model: 'tiny-embed' });
    const failure = embedder.embed(['fail']);
    await expect(failure).rejects.toBeInstanceOf(EmbeddingError);
    await expect(failure).rejects.toThrow(/status 500\.$/);
  });
});
