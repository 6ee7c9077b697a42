import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { accountQueryKey } from '../api/account.js';
import { type AuthRefusal, authErrorMessage } from './auth-client.js';

type AuthResult = { error: AuthRefusal };

/**
 * A sign-in or sign-up attempt: pending while better-auth answers, its refusal as one sentence,
 * and on success the account reloaded and the app opened where the visitor was going.
 */
export function useAuthAttempt(redirect: string | undefined) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  async function attempt(call: () => Promise<AuthResult>) {
    setPending(true);
    const result = await call();
    setPending(false);
    if (result.error) return setError(authErrorMessage(result.error));
    await queryClient.invalidateQueries({ queryKey: accountQueryKey });
    await navigate({ to: redirect ?? '/' });
  }

  return { error, pending, attempt };
}
