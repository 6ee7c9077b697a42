/**
 * How search ranks: `hybrid` (the default), meaning and words fused; `semantic`, meaning alone
 * (vector similarity); `keyword`, the words alone (full text), which needs no embedder.
 */
export const SEARCH_MODES = ['hybrid', 'semantic', 'keyword'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];
