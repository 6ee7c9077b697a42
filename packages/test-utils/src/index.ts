export { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumAvailable, launchChromium, requireChromiumOrSkip } from './chromium.js';
export { type FeedbackRow, startHearback, type TestHearback } from './hearback-server.js';
export { type StaticServer, type StaticServerOptions, serveStatic } from './static-server.js';
