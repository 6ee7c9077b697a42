import { createRoute, type RouteConfig, z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { ANY_KEY, SIGNED_IN } from '../domain/api-key.js';
import { documented } from './documented.js';

const route = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/things',
  operationId: 'listThings',
  tags: ['Things'],
  summary: 'List things',
  responses: { 200: { description: 'The things', content: { 'application/json': { schema: z.object({}) } } } },
});

describe('documented(): who may call an operation', () => {
  it('publishes one scope as x-required-scope only', () => {
    const published = documented(route, { scope: 'read' }) as Record<string, unknown>;
    expect(published['x-required-scope']).toBe('read');
    expect(published).not.toHaveProperty('x-accepted-scopes');
  });

  it('publishes several scopes as the preferred x-required-scope and every one in x-accepted-scopes', () => {
    const published = documented(route, { scope: ['read', 'forms'] }) as Record<string, unknown>;
    expect(published['x-required-scope']).toBe('read');
    expect(published['x-accepted-scopes']).toEqual(['read', 'forms']);
  });

  it('publishes neither for an operation any valid key may call', () => {
    const published = documented(route, { scope: ANY_KEY }) as Record<string, unknown>;
    expect(published).not.toHaveProperty('x-required-scope');
    expect(published).not.toHaveProperty('x-accepted-scopes');
    expect(published.security).toEqual(expect.any(Array));
  });

  it('publishes the credentials the route takes: a key or a session in an organization, a key alone outside one', () => {
    const schemes = (published: RouteConfig) => (published.security ?? []).flatMap((entry) => Object.keys(entry));
    expect(schemes(documented(route, { scope: 'read' }))).toEqual(['ApiKeyAuth', 'BearerAuth', 'SessionCookie']);
    expect(schemes(documented({ ...route, path: '/me' }, { scope: ANY_KEY }))).toEqual(['ApiKeyAuth', 'BearerAuth']);
    const signedIn = documented({ ...route, path: '/account' }, { scope: SIGNED_IN });
    expect(schemes(signedIn)).toEqual(['SessionCookie']);
    expect(signedIn.responses[401]).toMatchObject({ description: expect.stringContaining('`sign_in_required`') });
  });
});
