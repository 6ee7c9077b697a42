import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'danger' | 'quiet';
  /** Work in progress: the button says so (`aria-busy`) and ignores presses until done. */
  pending?: boolean;
}

/**
 * A native button with the app's look (`type="button"` unless given). Native on purpose: the
 * inbox's first load stays within its JavaScript budget, and a button needs nothing more.
 */
export function Button({ variant = 'secondary', pending = false, className, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      aria-busy={pending || undefined}
      disabled={props.disabled || pending}
      className={`button button-${variant}${className ? ` ${className}` : ''}`}
    />
  );
}
