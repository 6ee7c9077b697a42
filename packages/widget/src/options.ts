import { isFeedbackType } from '@hearback/spec';
import type { ColorScheme, FeedbackContext, LauncherPosition, WidgetOptions } from './types.js';

const POSITIONS: readonly LauncherPosition[] = ['bottom-right', 'bottom-left', 'top-right', 'top-left'];
const SCHEMES: readonly ColorScheme[] = ['light', 'dark', 'system'];
// `data-*` attributes taken as they are, by their `dataset` names (`data-inbox-key` → `inboxKey`).
const STRING_ATTRIBUTES = ['inboxKey', 'apiUrl', 'type', 'position', 'prompt', 'container'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The attribute's JSON object; anything else is ignored, and bad JSON is reported on the console. */
function parseJson(value: string | undefined, name: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = value && JSON.parse(value);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    console.warn(`[hearback] data-${name} is not valid JSON.`);
  }
}

/**
 * Options with the first stage's defaults applied. The dialog applies its own (`comment` shows
 * unless `false`, `autoClose` is 4 s unless given), and the launcher shows unless `launcher` is
 * `false`: each default where it is read, which keeps widget.js within its budget.
 */
export interface ResolvedOptions extends WidgetOptions {
  apiUrl: string;
  type: NonNullable<WidgetOptions['type']>;
  position: LauncherPosition;
  colorScheme: ColorScheme;
  context: FeedbackContext;
}

/**
 * Reads widget options from a script tag's `data-*` attributes (DESIGN §4 names):
 * `data-inbox-key`, `data-api-key` (or `data-key`), `data-api-url`, `data-type`, `data-position`,
 * `data-theme` (`light|dark|system` or theme JSON), `data-prompt`, `data-inline`,
 * `data-container`, `data-context` (JSON), `data-labels` (JSON), `data-auto-close` (milliseconds or
 * `false`), `data-debug`. Bad JSON is
 * reported on the console and ignored.
 *
 * @example
 * readScriptOptions(document.currentScript); // { inboxKey: 'ibx_…', apiKey: 'hb_…', type: 'nps' }
 */
export function readScriptOptions(element: HTMLElement): Partial<WidgetOptions> {
  const data = element.dataset;
  const options: Record<string, unknown> = {};
  for (const key of STRING_ATTRIBUTES) if (data[key]) options[key] = data[key];
  // `data-api-key` wins over its short form `data-key`.
  options.apiKey = data.apiKey || data.key;
  const { theme } = data;
  if (SCHEMES.includes(theme as ColorScheme)) {
    options.colorScheme = theme;
  } else {
    // The tokens go as they are: the theme reads only its own keys, so a colorScheme among them
    // is no token; absent, it is undefined, which resolveOptions reads as its default.
    const tokens = parseJson(theme, 'theme');
    if (tokens) {
      options.colorScheme = tokens.colorScheme;
      options.theme = tokens;
    }
  }
  if (!options.container && data.inline !== undefined) {
    // `data-inline` alone renders right where the script tag stands.
    const slot = element.ownerDocument.createElement('div');
    element.after(slot);
    options.container = slot;
  }
  for (const key of ['context', 'labels'] as const) {
    const value = parseJson(data[key], key);
    if (value) options[key] = value;
  }
  const { autoClose, debug } = data;
  if (autoClose !== undefined) options.autoClose = autoClose === 'false' ? false : Number(autoClose);
  if (debug !== undefined && debug !== 'false') options.debug = true;
  return options as Partial<WidgetOptions>;
}

/**
 * Checks options and applies defaults. Throws a `TypeError` naming the first bad option, since a
 * wrong option is a mistake in the page, not a runtime condition. `apiUrl` is required unless
 * widget.js supplies where it was loaded from.
 */
export function resolveOptions(options: WidgetOptions, defaultApiUrl?: string): ResolvedOptions {
  const {
    inboxKey,
    apiKey,
    type = 'thumbs',
    position = 'bottom-right',
    colorScheme = 'system',
    autoClose,
  } = options ?? {};
  const apiUrl = (options?.apiUrl ?? defaultApiUrl ?? '').replace(/\/+$/, '');
  const invalid = !inboxKey
    ? 'inboxKey'
    : !apiKey
      ? 'apiKey'
      : !isFeedbackType(type)
        ? 'type'
        : !POSITIONS.includes(position)
          ? 'position'
          : !SCHEMES.includes(colorScheme)
            ? 'colorScheme'
            : // Not given (undefined): the dialog's default.
              autoClose !== false && !((autoClose ?? 0) >= 0)
              ? 'autoClose'
              : !apiUrl && 'apiUrl';
  if (invalid) throw new TypeError(`Hearback: missing or invalid option "${invalid}".`);
  return {
    ...options,
    apiUrl,
    type,
    position,
    colorScheme,
    context: { ...options.context },
  };
}

/** The server base URL from widget.js's own URL: `https://fb.example.com/widget.js` → `https://fb.example.com`. */
export function baseUrlOf(scriptUrl: string): string {
  return scriptUrl.replace(/[?#].*$/, '').replace(/\/[^/]*$/, '');
}
