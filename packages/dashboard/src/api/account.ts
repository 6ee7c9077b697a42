import type { components } from '@hearback/client';
import { queryOptions } from '@tanstack/react-query';
import { ApiProblem, api, dataOf } from './client.js';

export type Account = components['schemas']['Account'];
export type Role = components['schemas']['Role'];

export const accountQueryKey = ['account'] as const;

/** Who is signed in and their organizations; `null` when nobody is (the API answers 401). */
export const accountQuery = queryOptions({
  queryKey: accountQueryKey,
  queryFn: async (): Promise<Account | null> => {
    try {
      return await dataOf(api.GET('/account'));
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
});
