import { EMBED_HEIGHT_MESSAGE } from '@hearback/forms';

/** In an iframe: the document's height, whenever it changes (the share helper's snippet listens). */
export function reportHeight(): void {
  if (window.parent === window) return;
  const send = () =>
    window.parent.postMessage({ type: EMBED_HEIGHT_MESSAGE, height: document.documentElement.scrollHeight }, '*');
  new ResizeObserver(send).observe(document.documentElement);
  send();
}
