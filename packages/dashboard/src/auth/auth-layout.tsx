import type { ReactNode } from 'react';

/** The centred card of the signed-out screens. */
export function AuthLayout({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="auth-screen">
      <div className="auth-card">
        <p className="brand-mark" aria-hidden="true">
          Hearback
        </p>
        <h1>{title}</h1>
        {children}
      </div>
      {footer && <div className="auth-footer">{footer}</div>}
    </main>
  );
}
