/**
 * The WHATWG TextEncoder, which every runtime the package targets has but the ES language library
 * does not declare: typed here, like web-url.ts, so the build still refuses any other platform API.
 */
const WebTextEncoder = (globalThis as unknown as { TextEncoder: new () => { encode(text: string): Uint8Array } })
  .TextEncoder;

/**
 * How many bytes `text` takes in UTF-8, as the server's `Buffer.byteLength` counts them.
 *
 * @example
 * utf8ByteLength('€'); // 3
 */
export function utf8ByteLength(text: string): number {
  return new WebTextEncoder().encode(text).length;
}
