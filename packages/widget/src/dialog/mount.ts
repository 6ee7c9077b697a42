import { render } from 'preact';
import type { DialogModule, DialogProps } from './contract.js';
import { Dialog, type FormState } from './dialog.js';
import { DIALOG_CSS } from './styles.js';

/** How long the thank-you stays before a floating dialog closes itself, unless `autoClose` says otherwise. */
const AUTO_CLOSE_MS = 4000;

/**
 * Mounts the preact dialog inside the widget's shadow root (second stage). The form's state lives
 * here between renders; focus moves to the first control when a floating dialog opens and to the
 * outcome when one arrives, so screen readers announce it. Closing plays the exit transition first.
 *
 * @example
 * const handle = mount(shadowRoot, (css) => addShadowStyles(shadowRoot, css, nonce));
 * handle.render({ type: 'nps', … });
 */
export const mount: DialogModule['mount'] = (parent, addStyles) => {
  // First in the shadow root: the launcher's sheet, with the author's theme, comes after and wins.
  const removeStyles = addStyles(DIALOG_CSS);
  const slot = document.createElement('div');
  (parent.querySelector('.r') ?? parent).append(slot);
  const form: FormState = { score: null, comment: '', hint: '' };
  let props: DialogProps | undefined;
  let shown = '';
  let autoClose: ReturnType<typeof setTimeout> | undefined;
  // Floating, closing hands focus back to what had it when the dialog opened: the launcher, or
  // the page's own control that called open(), followed into open shadow roots (a web
  // component's host cannot take focus back itself). When that cannot take it (nothing had
  // focus, as after a click on the launcher in Safari, which does not focus buttons; or the
  // control is gone or disabled since), the launcher does. And a press outside the widget closes it.
  const launcher = parent.querySelector<HTMLElement>('.l');
  let opener = document.activeElement;
  while (opener?.shadowRoot?.activeElement) opener = opener.shadowRoot.activeElement;
  const onOutsidePointer = (event: Event) => {
    if (props && !props.inline && !event.composedPath().includes(parent.host)) props.onClose();
  };
  document.addEventListener('pointerdown', onOutsidePointer, true);
  const update = () => {
    if (!props) return;
    // Called, not mounted as a component: one render function, no component instance to keep.
    render(
      Dialog({
        ...props,
        form,
        set: (patch) => {
          Object.assign(form, patch);
          update();
        },
      }),
      slot,
    );
    const done = props.status === 'sent' || props.status === 'queued';
    // The score group's one Tab stop (the picked or first option), or the text box.
    const focus = done ? '.ok' : props.inline ? '' : '[tabindex="0"].c,textarea';
    if (focus && shown !== focus) slot.querySelector<HTMLElement>(focus)?.focus();
    shown = focus;
    // The thank-you closes itself; an inline form is part of the page and stays.
    const after = props.autoClose ?? AUTO_CLOSE_MS;
    if (props.status === 'sent' && !props.inline && after && !autoClose) autoClose = setTimeout(props.onClose, after);
  };
  // Floating, the dialog is modal: Escape closes it and Tab wraps around inside it.
  slot.onkeydown = (event) => {
    if (!props || props.inline) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      props.onClose();
    } else if (event.key === 'Tab') {
      const list = Array.from(slot.querySelectorAll<HTMLElement>('button:not([tabindex="-1"],:disabled),textarea'));
      const at = list.indexOf(parent.activeElement as HTMLElement);
      // Not on a control (the dialog itself has focus): Tab goes to the first, Shift+Tab to the last.
      const wrap = event.shiftKey ? at < 1 && list.at(-1) : (at < 0 || at === list.length - 1) && list[0];
      if (wrap) {
        event.preventDefault();
        wrap.focus();
      }
    }
  };
  return {
    render(next) {
      props = next;
      update();
    },
    unmount() {
      clearTimeout(autoClose);
      document.removeEventListener('pointerdown', onOutsidePointer, true);
      let removed = false;
      const remove = () => {
        if (removed) return;
        removed = true;
        render(null, slot);
        slot.remove();
        removeStyles();
      };
      // The entrance transition plays backwards before the dialog goes (there is none under
      // prefers-reduced-motion); meanwhile it takes no input, and a new one may already be opening.
      const [entrance] = (slot.firstElementChild as HTMLElement | null)?.getAnimations?.() ?? [];
      slot.inert = true;
      if (entrance) {
        entrance.reverse();
        void entrance.finished.then(remove, remove);
        // A page in the background may never finish an animation: the dialog goes regardless.
        setTimeout(remove, 500);
      } else remove();
      if (!props?.inline) {
        (opener as HTMLElement | null)?.focus();
        if (!opener?.matches(':focus')) launcher?.focus();
      }
    },
  };
};
