import { MIN_PASSWORD_LENGTH } from '@hearback/spec';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { accountQueryKey } from '../api/account.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/fields.js';
import { Form } from '../ui/form.js';
import { authClient, authErrorMessage } from './auth-client.js';
import { AuthLayout } from './auth-layout.js';

const route = getRouteApi('/sign-up');

export function SignUpPage() {
  const { redirect } = route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    const result = await authClient.signUp.email({
      name: String(form.get('name')),
      email: String(form.get('email')),
      password: String(form.get('password')),
    });
    setPending(false);
    if (result.error) return setError(authErrorMessage(result.error));
    await queryClient.invalidateQueries({ queryKey: accountQueryKey });
    await navigate({ to: redirect ?? '/' });
  }

  return (
    <AuthLayout
      title="Create your account"
      footer={
        <>
          Already have one?{' '}
          <Link to="/sign-in" search={{ redirect }}>
            Sign in
          </Link>
        </>
      }
    >
      <Form onSubmit={onSubmit} className="stack">
        <Alert>{error}</Alert>
        <TextField label="Name" name="name" autoComplete="name" required autoFocus />
        <TextField label="Work email" name="email" type="email" autoComplete="email" required />
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
