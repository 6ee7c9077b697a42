/**
 * Turns texts into vectors. Implementations return unit-length vectors, so cosine similarity is a
 * plain dot product everywhere downstream (sqlite-vec, the exact scan, pgvector).
 */
export interface Embedder {
  /** Identifies the vector space: vectors of different models are never compared. */
  readonly model: string;
  /** One vector per text, in order, each of length {@link Embedder.dimensions} once known. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
  /** Frees what the embedder holds (a worker thread, a loaded model); it loads again on next use. */
  close(): Promise<void>;
  /**
   * Loads now what the first call would load (the local model), returning one vector. Absent where
   * nothing is loaded ahead: a remote provider would only bill a request.
   */
  warmUp?(): Promise<Float32Array | undefined>;
}

/** Error of the embedding machinery (model load, remote provider); retryable by the job runner. */
export class EmbeddingError extends Error {
  readonly code = 'embedding_failed';
  override name = 'EmbeddingError';
}

/**
 * Scales a vector to unit length in place (a zero vector stays zero) and returns it.
 *
 * @example
 * normalize(Float32Array.of(3, 4)); // Float32Array [0.6, 0.8]
 */
export function normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let index = 0; index < vector.length; index++) vector[index] = (vector[index] as number) / norm;
  return vector;
}

/**
 * Cosine similarity of two unit vectors, within −1..1: float32 components of a unit vector do not
 * square-sum to exactly 1 (a vector against itself gave 1.0000000220297398), and every score
 * built on this one (`similarity`, the `score` of similar feedback) is documented within 0..1.
 *
 * @example
 * dot(normalize(Float32Array.of(1, 2, 3)), normalize(Float32Array.of(1, 2, 3))); // 1
 */
export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) sum += (a[index] as number) * (b[index] as number);
  return Math.min(1, Math.max(-1, sum));
}

/** Float32 little-endian bytes, as stored in `feedback_embeddings.vector` and given to sqlite-vec. */
export function vectorToBytes(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

export function bytesToVector(bytes: Uint8Array): Float32Array {
  // Copied: a Buffer from a driver may sit at an offset that is not a multiple of 4.
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}
