// Hearback.init with callbacks, and open() from the page's own link: no launcher button.
const log = (line) => {
  document.getElementById('log').textContent += `${line}\n`;
};
const widget = window.Hearback.init({
  apiUrl: '{{HEARBACK_URL}}',
  inboxKey: '{{INBOX_KEY}}',
  apiKey: '{{COLLECT_KEY}}',
  type: '{{TYPE}}',
  launcher: false,
  context: { orderId: 'ord_1001' },
  onOpen: () => log('open'),
  onClose: () => log('close'),
  onSubmit: (submission) => ({ context: { cart: 3, score: submission.score } }),
  onSuccess: (event) => log(`success ${event.id}`),
  onError: (error) => log(`error ${error.code}`),
});
widget.setContext({ userId: 'u_7' });
document.getElementById('rate').addEventListener('click', (event) => {
  event.preventDefault();
  widget.open();
});
