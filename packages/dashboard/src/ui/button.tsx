import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'danger' | 'quiet';
  /** Work in progress: the button says so (`aria-busy`) and ignores presses until done. */
  pending?: boolean;
}

/**
 * A native button with the app's look (`type="button"` unless given). Native on purpose: the
 * inbox's first load stays within its JavaScript budget, and a button needs nothing more.
 *
 * While pending it is `aria-disabled`, not `disabled`: the browser takes the focus from a button
 * disabled under it and gives it to the page's body, so a dialog's confirming button that waited
 * on a slow answer left Escape, Tab and the place to try again from behind (a press while pending
 * does nothing, a form's submit included).
 */
export function Button({
  variant = 'secondary',
  pending = false,
  className,
  type = 'button',
  onClick,
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      aria-busy={pending || undefined}
      aria-disabled={pending || props['aria-disabled'] || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault();
        else onClick?.(event);
      }}
      className={`button button-${variant}${className ? ` ${className}` : ''}`}
    />
  );
}
