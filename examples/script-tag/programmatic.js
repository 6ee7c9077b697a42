// Hearback.init with callbacks, then the global API (Hearback.open, close, setContext, destroy)
// from the page's own controls: no launcher button. The keys come from this script's data-*
// attributes so the file stays static.
const log = (line) => {
  document.getElementById('log').textContent += `${line}\n`;
};
const { inboxKey, apiKey, type } = document.currentScript.dataset;
window.Hearback.init({
  inboxKey,
  apiKey,
  type,
  launcher: false,
  context: { orderId: 'ord_1001' },
  onOpen: () => log('open'),
  onClose: () => log('close'),
  onSubmit: (submission) => ({ context: { cart: 3, score: submission.score } }),
  onSuccess: (event) => log(`success ${event.id}`),
  onError: (error) => log(`error ${error.code}`),
});
window.Hearback.setContext({ userId: 'u_7' });
document.getElementById('rate').addEventListener('click', (event) => {
  event.preventDefault();
  window.Hearback.open();
});
