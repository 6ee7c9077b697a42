/** What this package reads of a parsed URL. */
export interface ParsedUrl {
  protocol: string;
  hostname: string;
  username: string;
  password: string;
  search: string;
  hash: string;
}

/**
 * The WHATWG URL parser, which every runtime the package targets has (browsers, Node ≥ 20, edge
 * workers) but the ES language library does not declare: typed here, so the build still refuses
 * any other platform API.
 */
export const WebUrl = (
  globalThis as unknown as { URL: { new (url: string): ParsedUrl; canParse(url: string): boolean } }
).URL;
