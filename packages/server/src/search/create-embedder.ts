import type { SearchConfig } from '../config.js';
import type { Embedder } from './embedder.js';
import { LocalEmbedder } from './local-embedder.js';
import { OpenAiEmbedder } from './openai-embedder.js';

/**
 * The embedder the configuration asks for; `undefined` when search is off. Nothing loads here:
 * the local model starts on first use.
 *
 * @example
 * const embedder = createEmbedder(config.search);
 */
export function createEmbedder(config: SearchConfig): Embedder | undefined {
  if (config.embedder === 'off') return undefined;
  if (config.embedder === 'openai' && config.openai) return new OpenAiEmbedder(config.openai);
  return new LocalEmbedder({ idleMs: config.idleMs });
}
