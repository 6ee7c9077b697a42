export {
  API_KEY_HEADER,
  createHearbackClient,
  type FetchLike,
  type HearbackClient,
  type HearbackClientOptions,
} from './client.js';
export { isProblem } from './problem.js';
export { createRequestId, REQUEST_ID_HEADER } from './request-id.js';
export type { components, operations, paths } from './schema.gen.js';
export type * from './types.js';
