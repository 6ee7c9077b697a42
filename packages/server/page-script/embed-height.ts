/** In an iframe: the document's height, whenever it changes (the share helper's snippet listens). */
export function reportHeight(): void {
  if (window.parent === window) return;
  const send = () =>
    window.parent.postMessage({ type: 'hearback:height', height: document.documentElement.scrollHeight }, '*');
  new ResizeObserver(send).observe(document.documentElement);
  send();
}
