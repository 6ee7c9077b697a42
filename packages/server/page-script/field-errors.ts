const byId = (id: string) => document.getElementById(id);

/** Fills the error summary with links to the fields at fault, shows it and moves focus to it. */
export function showSummary(summary: HTMLElement, items: { href?: string; text: string }[]): void {
  const list = summary.querySelector('ul') as HTMLUListElement;
  list.replaceChildren(
    ...items.map((item) => {
      const li = document.createElement('li');
      if (item.href) {
        const link = document.createElement('a');
        link.href = item.href;
        link.textContent = item.text;
        li.append(link);
      } else li.textContent = item.text;
      return li;
    }),
  );
  summary.hidden = items.length === 0;
  if (items.length > 0) summary.focus();
}

/** Marks a field (its control or fieldset) invalid with its message, or clears it. */
export function setFieldError(controlElementId: string, errorElementId: string, message: string | undefined): void {
  const control = byId(controlElementId);
  const error = byId(errorElementId);
  if (!control || !error) return;
  error.textContent = message ?? '';
  error.hidden = !message;
  const described = (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id && id !== errorElementId);
  if (message) {
    control.setAttribute('aria-invalid', 'true');
    described.push(errorElementId);
  } else control.removeAttribute('aria-invalid');
  if (described.length > 0) control.setAttribute('aria-describedby', described.join(' '));
  else control.removeAttribute('aria-describedby');
}
