import { useEffect, useRef } from 'react';

export interface TriageKeys {
  next(): void;
  previous(): void;
  resolve(): void;
  assign(): void;
}

/** Inputs whose keys are not text: a checked box or a pressed button leaves j/k to the inbox. */
const NOT_TYPED = new Set(['checkbox', 'radio', 'button', 'submit', 'reset']);

/** Whether a key press belongs to something being typed into or operated (a field, a list box, a menu). */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !NOT_TYPED.has(target.type);
  return target.isContentEditable || target.closest('textarea, select, [role="listbox"], [role="menu"]') !== null;
}

/**
 * The inbox's keyboard triage, as in mail clients: `j`/`k` next/previous item, `e` resolve, `a`
 * assign. Ignored while typing, and with a modifier held (browser shortcuts stay theirs).
 */
export function useTriageKeys(keys: TriageKeys): void {
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || typing(event.target)) return;
      const action = { j: 'next', k: 'previous', e: 'resolve', a: 'assign' }[event.key] as keyof TriageKeys | undefined;
      if (!action) return;
      event.preventDefault();
      latest.current[action]();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
