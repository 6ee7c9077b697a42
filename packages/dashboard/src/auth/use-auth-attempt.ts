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
    // A refusal answers this attempt only: the next one starts without the last one's sentence.
    setError('');
    setPending(true);
    try {
      const result = await call();
      if (result.error) return setError(authErrorMessage(result.error));
      // Stale now: the signed-in guard reads the account again before opening the app.
      await queryClient.invalidateQueries({ queryKey: accountQueryKey });
      await navigate({ to: redirect ?? '/' });
    } finally {
      setPending(false);
    }
  }

  return { error, pending, attempt };
}
