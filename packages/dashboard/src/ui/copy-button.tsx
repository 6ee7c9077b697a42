import { useState } from 'react';
import { Button } from './button.js';

/**
 * Copies `text` to the clipboard and says so. `accessibleName` names it for a screen reader where
 * the visible label alone is ambiguous (a "Copy" in each row of a table).
 */
export function CopyButton({
  text,
  label = 'Copy',
  accessibleName,
}: {
  text: string;
  label?: string;
  accessibleName?: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      aria-label={accessibleName}
      onClick={async () => {
        await navigator.clipboard.writeText(text);
        setCopied(true);
      }}
    >
      <span aria-live="polite">{copied ? 'Copied' : label}</span>
    </Button>
  );
}
