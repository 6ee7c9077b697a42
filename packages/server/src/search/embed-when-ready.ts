import * as energeticCore from '@energetic-ai/core';
import type { EmbeddingsModel } from '@energetic-ai/embeddings';

// @energetic-ai/core re-exports the TensorFlow.js it bundles; its types point at
// @tensorflow/tfjs-core, which it does not install, so the one function used here is typed here.
const { ready } = energeticCore as unknown as { ready(): Promise<void> };

/** What TensorFlow.js throws when an operation runs while its backend is being (re)initialized. */
const BACKEND_INITIALIZING = /has not yet been initialized/;

/**
 * `model.embed(texts)` once TensorFlow.js's backend is ready. The engine can start initializing its
 * WebAssembly backend again after the model was made (a second `initializeBackend`), and every
 * operation then throws "Backend 'wasm' has not yet been initialized. Make sure to await
 * tf.ready()" until that finishes: a search or similar-items request failed that way while a test
 * machine was busy. So this awaits `ready()` first, as the message asks, and once more when the
 * initialization began during the embedding.
 *
 * @example
 * const [vector] = await embedWhenReady(await initModel(modelSource), ['crashes on photo upload']);
 */
export async function embedWhenReady(model: EmbeddingsModel, texts: string[]): Promise<number[][]> {
  await ready();
  try {
    return await model.embed(texts);
  } catch (error) {
    if (!(error instanceof Error) || !BACKEND_INITIALIZING.test(error.message)) throw error;
    await ready();
    return model.embed(texts);
  }
}
