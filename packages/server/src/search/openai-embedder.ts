import { type Embedder, EmbeddingError, normalize } from './embedder.js';

export interface OpenAiEmbedderOptions {
  /** Base URL of an OpenAI-compatible API, e.g. `https://api.openai.com/v1`; `/embeddings` is appended. */
  url: string;
  model: string;
  apiKey?: string | undefined;
  /** Texts per request. */
  batchSize?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface EmbeddingsResponse {
  data?: { index?: number; embedding?: unknown }[];
}

/**
 * Calls any OpenAI-compatible `POST /embeddings` endpoint (OpenAI, Azure, Ollama, vLLM, LocalAI …).
 * The model id recorded with the vectors is `openai:<model>`, so switching models never mixes spaces.
 *
 * @example
 * const embedder = new OpenAiEmbedder({ url: 'http://localhost:11434/v1', model: 'nomic-embed-text' });
 */
export class OpenAiEmbedder implements Embedder {
  readonly model: string;

  constructor(private readonly options: OpenAiEmbedderOptions) {
    this.model = `openai:${options.model}`;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const batchSize = this.options.batchSize ?? 64;
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += batchSize) {
      vectors.push(...(await this.request(texts.slice(start, start + batchSize))));
    }
    return vectors;
  }

  async close(): Promise<void> {}

  private async request(texts: readonly string[]): Promise<Float32Array[]> {
    const endpoint = `${this.options.url.replace(/\/+$/, '')}/embeddings`;
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.options.apiKey && { authorization: `Bearer ${this.options.apiKey}` }),
        },
        body: JSON.stringify({ model: this.options.model, input: texts, encoding_format: 'float' }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      throw new EmbeddingError(`Embedding request to ${endpoint} failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
    if (!response.ok) {
      // The body may echo the request; only the status is reported (it never contains the key).
      throw new EmbeddingError(`Embedding request to ${endpoint} failed with status ${response.status}.`);
    }
    const body = (await response.json()) as EmbeddingsResponse;
    const data = body.data ?? [];
    if (data.length !== texts.length) {
      throw new EmbeddingError(`Embedding endpoint returned ${data.length} vectors for ${texts.length} texts.`);
    }
    // `index` gives the order; the protocol does not promise the response keeps the input's.
    const ordered = [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    return ordered.map((item) => {
      if (!Array.isArray(item.embedding) || !item.embedding.every((value) => typeof value === 'number')) {
        throw new EmbeddingError('Embedding endpoint returned a malformed vector.');
      }
      return normalize(Float32Array.from(item.embedding as number[]));
    });
  }
}
