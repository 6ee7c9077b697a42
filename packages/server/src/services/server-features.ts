import type { Embedder } from '../search/embedder.js';

/**
 * What this server offers that another may not, so that clients need not learn it from a refusal:
 * `GET /me` (keys) and `GET /account` (sessions) answer it, the `/mcp` tools and the dashboard
 * offer only what it allows.
 */
export interface ServerFeatures {
  /** Search by meaning, similar items and themes; off with `HEARBACK_SEARCH=off` (they answer 503 `search_unavailable`). */
  semanticSearch: boolean;
}

/**
 * The server's features, from how it was started.
 *
 * @example
 * serverFeaturesOf(undefined); // { semanticSearch: false }: HEARBACK_SEARCH=off
 */
export function serverFeaturesOf(embedder: Embedder | undefined): ServerFeatures {
  return { semanticSearch: embedder !== undefined };
}
