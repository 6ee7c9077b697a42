import { CopyButton } from './copy-button.js';

/** A secret the server shows once (an API key, a signing secret): visible, copyable, and said to be unrecoverable. */
export function SecretReveal({ label, secret }: { label: string; secret: string }) {
  return (
    <div className="secret-reveal" role="status">
      <p>
        <strong>{label}</strong>: copy it now. It is shown only once; if you lose it, create a new one.
      </p>
      <div className="row">
        <code className="secret-value">{secret}</code>
        <CopyButton text={secret} />
      </div>
    </div>
  );
}
