import { API_KEY_SECURITY_SCHEME } from '../openapi.js';

/** What the `/docs` page is built from. */
export interface ApiReferencePageOptions {
  /** Same-origin path of the renderer bundle (`/docs/assets/standalone.<hash>.js`). */
  scriptPath: string;
  /** Where "try it" sends requests: this server's origin, not the document's `localhost:3000`. */
  serverUrl: string;
}

/**
 * Scalar's configuration: the API-key header scheme preselected (empty: the reader pastes a key),
 * and every call to Scalar's services turned off: web fonts, telemetry, the AI agent, the MCP
 * generator, the "open in client" button and the developer toolbar.
 */
function scalarConfiguration(serverUrl: string) {
  return {
    url: '/openapi.json',
    servers: [{ url: serverUrl, description: 'This server' }],
    authentication: { preferredSecurityScheme: API_KEY_SECURITY_SCHEME },
    persistAuth: false,
    withDefaultFonts: false,
    telemetry: false,
    hideClientButton: true,
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: 'never',
    showToolbar: 'never',
    documentDownloadType: 'json',
  };
}

const escapeAttribute = (text: string) => text.replace(/[&"'<>]/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The page's Content-Security-Policy: scripts only from this origin (the page has no inline
 * script, and `eval` stays refused: the bundle only probes for it), requests only to this origin.
 * Styles must allow inline: Vue renders `<style>` elements and `style` attributes, and three of the
 * bundle's style injectors ignore the `csp-nonce` meta element the first one reads (seen in
 * Chromium: with a nonce instead, the theme's rules and component styles are refused).
 */
export const API_REFERENCE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * The HTML of `/docs`: Scalar's HTML API (an empty `#api-reference` script element carrying the
 * configuration, then the bundle), with no inline script, so the strict policy above holds.
 *
 * @example
 * apiReferencePage({ scriptPath: asset.path, serverUrl: 'http://localhost:3000' });
 */
export function apiReferencePage(options: ApiReferencePageOptions): string {
  const configuration = escapeAttribute(JSON.stringify(scalarConfiguration(options.serverUrl)));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hearback API reference</title>
</head>
<body>
<noscript>The API reference needs JavaScript. The OpenAPI document itself is at <a href="/openapi.json">/openapi.json</a>.</noscript>
<script id="api-reference" data-configuration="${configuration}"></script>
<script src="${escapeAttribute(options.scriptPath)}"></script>
</body>
</html>
`;
}
