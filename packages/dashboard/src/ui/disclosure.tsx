import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A button that shows and hides a panel (native `<details>`: announced as expanded or collapsed,
 * keyboard-operable without script), which also closes on Escape and on a click elsewhere.
 */
export function Disclosure({
  summary,
  className,
  children,
}: {
  summary: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (event: Event) => {
      const element = details.current;
      if (!element?.open) return;
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !element.contains(event.target as Node)) {
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
    <details ref={details} className={`disclosure${className ? ` ${className}` : ''}`}>
      <summary className="disclosure-summary">{summary}</summary>
      <div className="disclosure-panel">{children}</div>
    </details>
  );
}
