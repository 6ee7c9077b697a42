import { useEffect, useState } from 'react';

/** `value`, once it has stopped changing for `delayMs` (compared as JSON, so a rebuilt equal object is no change). */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  const text = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `text` stands for `value`'s content
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return settled;
}
