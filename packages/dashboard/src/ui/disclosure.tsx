import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A button that shows and hides a panel (native `<details>`: announced as expanded or collapsed,
 * keyboard-operable without script), which also closes on Escape, on a click elsewhere and once a
 * link in it is followed (a menu's choice is made). `onClose` runs whenever it closes.
 */
export function Disclosure({
  summary,
  className,
  onClose,
  children,
}: {
  summary: ReactNode;
  className?: string;
  onClose?: () => void;
  children: ReactNode;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (event: Event) => {
      const element = details.current;
      if (!element?.open) return;
      const target = event.target as Node;
      const followed = target instanceof Element && element.contains(target) && target.closest('a[href]') !== null;
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : followed || !element.contains(target)) {
        element.open = false;
        if (event instanceof KeyboardEvent) element.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, []);
  return (
    <details
      ref={details}
      className={`disclosure${className ? ` ${className}` : ''}`}
      onToggle={(event) => {
        if (!event.currentTarget.open) onClose?.();
      }}
    >
      <summary className="disclosure-summary">{summary}</summary>
      <div className="disclosure-panel">{children}</div>
    </details>
  );
}
