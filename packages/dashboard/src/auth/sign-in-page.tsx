import { getRouteApi, Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/fields.js';
import { Form } from '../ui/form.js';
import { authClient } from './auth-client.js';
import { AuthLayout } from './auth-layout.js';
import { useAuthAttempt } from './use-auth-attempt.js';

/** Where the SSO flow starts: the server finds the organization from the address's domain. */
const ssoStartUrl = (email: string) => `/auth/sso/start?email=${encodeURIComponent(email)}`;

const route = getRouteApi('/sign-in');

export function SignInPage() {
  const { redirect, email } = route.useSearch();
  const { error, pending, attempt } = useAuthAttempt(redirect);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email'));
    if (
      event.nativeEvent instanceof SubmitEvent &&
      (event.nativeEvent.submitter as HTMLButtonElement)?.value === 'sso'
    ) {
      window.location.assign(ssoStartUrl(email));
      return;
    }
    await attempt(() => authClient.signIn.email({ email, password: String(form.get('password')) }));
  }

  return (
    <AuthLayout
      title="Sign in"
      footer={
        <>
          New here?{' '}
          <Link to="/sign-up" search={{ redirect, email }}>
            Create an account
          </Link>
        </>
      }
    >
      <Form onSubmit={onSubmit} className="stack">
        <Alert>{error}</Alert>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          autoFocus
          defaultValue={email}
        />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" />
        <Button type="submit" variant="primary" pending={pending}>
          Sign in
        </Button>
        <Button type="submit" value="sso" variant="quiet">
          Sign in with SSO
        </Button>
        <Link to="/reset-password" className="quiet-link">
          Forgot your password?
        </Link>
      </Form>
    </AuthLayout>
  );
}
