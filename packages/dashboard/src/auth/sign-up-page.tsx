import { MIN_PASSWORD_LENGTH } from '@hearback/spec';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/fields.js';
import { Form } from '../ui/form.js';
import { authClient } from './auth-client.js';
import { AuthLayout } from './auth-layout.js';
import { useAuthAttempt } from './use-auth-attempt.js';

const route = getRouteApi('/sign-up');

export function SignUpPage() {
  const { redirect, email } = route.useSearch();
  const { error, pending, attempt } = useAuthAttempt(redirect);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await attempt(() =>
      authClient.signUp.email({
        name: String(form.get('name')),
        email: String(form.get('email')),
        password: String(form.get('password')),
      }),
    );
  }

  return (
    <AuthLayout
      title="Create your account"
      footer={
        <>
          Already have one?{' '}
          <Link to="/sign-in" search={{ redirect, email }}>
            Sign in
          </Link>
        </>
      }
    >
      <Form onSubmit={onSubmit} className="stack">
        <Alert>{error}</Alert>
        <TextField label="Name" name="name" autoComplete="name" required autoFocus />
        <TextField label="Work email" name="email" type="email" autoComplete="email" required defaultValue={email} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          description={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        />
        <Button type="submit" variant="primary" pending={pending}>
          Create account
        </Button>
      </Form>
    </AuthLayout>
  );
}
