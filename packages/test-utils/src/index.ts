export { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumAvailable, launchChromium, requireChromiumOrSkip } from './chromium.js';
export { type HearbackPages, serveHearbackPages } from './hearback-pages.js';
export {
  type FeedbackRow,
  type LogEntry,
  type StartHearbackOptions,
  startHearback,
  type TestHearback,
} from './hearback-server.js';
export { fillPlaceholders, renderPage, renderPages } from './page-templates.js';
export { type StaticServer, type StaticServerOptions, serveStatic } from './static-server.js';
