/**
 * widget.js, the script-tag build (IIFE, first stage): the launcher, the submit path and the
 * offline queue in plain DOM. The preact dialog (widget-dialog.<hash>.js) loads on first open,
 * from the directory widget.js came from, with widget.js's CSP nonce.
 */
import type { DialogModule } from './dialog/contract.js';
import { WidgetError } from './errors.js';
import { baseUrlOf, readScriptOptions } from './options.js';
import type { HearbackGlobal, WidgetOptions } from './types.js';
import { mountWidget } from './widget.js';

/** The dialog chunk's file name, content-hashed; set at build time. */
declare const __DIALOG_FILE__: string;
declare const __WIDGET_VERSION__: string;

const globals = window as unknown as { Hearback?: HearbackGlobal; HearbackDialog?: DialogModule };
const script = document.currentScript as HTMLScriptElement | null;
// Empty without a src (an inlined copy): then `apiUrl` must be given, and the dialog loads from the page's origin.
const base = baseUrlOf(script?.src ?? '');
/** A tag with its options (`data-inbox-key`) starts a widget; a bare one only loads the API. */
const configured = script?.hasAttribute('data-inbox-key');
let dialog: Promise<DialogModule> | undefined;

function loadDialog(nonce: string | undefined): Promise<DialogModule> {
  dialog ??= new Promise<DialogModule>((resolve, reject) => {
    const element = document.createElement('script');
    element.src = `${base}/${__DIALOG_FILE__}`;
    // A script element inserted from script is async already.
    if (nonce) element.nonce = nonce;
    const fail = () => {
      dialog = undefined;
      element.remove();
      reject(new WidgetError('load_failed', `Could not load ${element.src}.`));
    };
    element.onload = () => (globals.HearbackDialog ? resolve(globals.HearbackDialog) : fail());
    element.onerror = fail;
    document.head.append(element);
  });
  return dialog;
}

if (globals.Hearback) {
  // One widget per page: a second tag (the snippet pasted twice, a plugin and a theme) must not
  // stack a second launcher on the first, and must not fail silently either.
  if (configured) {
    console.warn('[hearback] widget.js is on this page twice; ignored:', script);
  }
} else {
  const api: HearbackGlobal = {
    version: __WIDGET_VERSION__,
    widget: undefined,
    init(options) {
      // Replaces the widget rather than adding one: single-page apps call init on every route.
      // The old one goes only once the new one exists, so bad options keep the page's widget.
      const next = mountWidget(options, { loadDialog, defaultApiUrl: base, defaultNonce: script?.nonce });
      api.widget?.destroy();
      api.widget = next;
      return next;
    },
    open: async () => api.widget?.open(),
    close: () => api.widget?.close(),
    destroy() {
      api.widget?.destroy();
      api.widget = undefined;
    },
    setContext: (context) => api.widget?.setContext(context),
  };
  globals.Hearback = api;

  if (configured) {
    const options = readScriptOptions(script as HTMLScriptElement);
    const start = () => {
      try {
        // A page script that called init() before the DOM was ready asked for its widget later.
        if (!api.widget) api.init(options as WidgetOptions);
      } catch (error) {
        console.error(error);
      }
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
    else start();
  }
}
