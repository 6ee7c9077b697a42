import { MIN_PASSWORD_LENGTH } from '@hearback/spec';
import { getRouteApi, Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/fields.js';
import { Form } from '../ui/form.js';
import { authClient, authErrorMessage, isAuthRefusal } from './auth-client.js';
import { AuthLayout } from './auth-layout.js';

/** Where the mailed link lands (better-auth appends `?token=`). */
const RESET_PAGE_URL = `${window.location.origin}/app/reset-password`;

/** Asks for the address; the mail goes out only if an account has it, and the answer does not say. */
function RequestReset() {
  const [state, setState] = useState<{ error: string; sent: boolean; pending: boolean }>({
    error: '',
    sent: false,
    pending: false,
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email'));
    setState({ error: '', sent: false, pending: true });
    const result = await authClient.requestPasswordReset({ email, redirectTo: RESET_PAGE_URL });
    setState({ error: authErrorMessage(result.error), sent: !result.error, pending: false });
  }

  return (
    <AuthLayout title="Reset your password" footer={<Link to="/sign-in">Back to sign in</Link>}>
      {state.sent ? (
        <Alert tone="success">If an account uses that address, a link to reset its password is on its way.</Alert>
      ) : (
        <Form onSubmit={onSubmit} className="stack">
          <Alert>{state.error}</Alert>
          <TextField label="Email" name="email" type="email" autoComplete="email" required autoFocus />
          <Button type="submit" variant="primary" pending={state.pending}>
            Send reset link
          </Button>
        </Form>
      )}
    </AuthLayout>
  );
}

/** A link used already or past its hour: the server refuses its token, on opening or on setting the password. */
function LinkNoLongerWorks() {
  return (
    <AuthLayout title="This link no longer works" footer={<Link to="/reset-password">Ask for a new link</Link>}>
      <Alert>Reset links work once and for an hour.</Alert>
    </AuthLayout>
  );
}

/** The page the mailed link opens: a new password for the token. */
function SetNewPassword({ token }: { token: string }) {
  const [state, setState] = useState({ error: '', done: false, pending: false, tokenRefused: false });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const newPassword = String(new FormData(event.currentTarget).get('password'));
    setState({ error: '', done: false, pending: true, tokenRefused: false });
    const result = await authClient.resetPassword({ newPassword, token });
    setState({
      error: authErrorMessage(result.error),
      done: !result.error,
      pending: false,
      // better-auth's code for a reset token it does not know (used, expired or mistyped).
      tokenRefused: isAuthRefusal(result.error, 'invalid_token'),
    });
  }

  // The link expired (or was used) while the new password was being typed.
  if (state.tokenRefused) return <LinkNoLongerWorks />;
  return (
    <AuthLayout title="Choose a new password" footer={<Link to="/sign-in">Back to sign in</Link>}>
      {state.done ? (
        <Alert tone="success">
          Your password is changed and every other session is signed out. <Link to="/sign-in">Sign in</Link>
        </Alert>
      ) : (
        <Form onSubmit={onSubmit} className="stack">
          <Alert>{state.error}</Alert>
          <TextField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            description={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            autoFocus
          />
          <Button type="submit" variant="primary" pending={state.pending}>
            Set password
          </Button>
        </Form>
      )}
    </AuthLayout>
  );
}

/** `/reset-password`: asks for the address, or, with the mailed `token` (or `error`), sets the new password. */
export function ResetPasswordPage() {
  const { token, error } = getRouteApi('/reset-password').useSearch();
  if (error) return <LinkNoLongerWorks />;
  return token ? <SetNewPassword token={token} /> : <RequestReset />;
}
