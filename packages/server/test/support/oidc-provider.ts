import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person the provider knows: their login (the subject) and claims. */
export interface ProviderAccount {
  sub: string;
  email: string;
  name: string;
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on 127.0.0.1, with its development login
 * pages: one confidential client, PKCE required, and the accounts the test adds.
 */
export class TestOidcProvider {
  readonly clientId = 'hearback-test';
  readonly clientSecret = 'a-provider-issued-client-secret-0123456789';
  private readonly accounts = new Map<string, ProviderAccount>();
  private server: Server | undefined;
  issuer = '';

  add(account: ProviderAccount): void {
    this.accounts.set(account.sub, account);
  }

  async start(redirectUri: string): Promise<string> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const provider = new Provider(this.issuer, {
      clients: [
        {
          client_id: this.clientId,
          client_secret: this.clientSecret,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      findAccount: async (_ctx, sub) => {
        const account = this.accounts.get(sub);
        return (
          account && {
            accountId: sub,
            claims: async () => ({ sub, email: account.email, email_verified: true, name: account.name }),
          }
        );
      },
      // Claims in the ID token itself, as most enterprise providers send them.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: true } },
      cookies: { keys: ['test-cookie-key-0123456789abcdef'] },
    });
    server.on('request', provider.callback());
    return this.issuer;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** A browser's cookies for one site, carried by hand between fetches. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Plays the browser at the provider: follows the authorization URL through the login and
 * consent pages (logging in as `login`), and returns the URL the provider finally redirects to
 * (our callback, with `code` and `state`).
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  const origin = url.origin;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 12; step++) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(body && { 'content-type': 'application/x-www-form-urlencoded' }) },
      ...(body && { body }),
    });
    jar.take(response);
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return next;
      url = next;
      continue;
    }
    const page = await response.text();
    if (response.status !== 200) throw new Error(`The provider answered ${response.status}: ${page.slice(0, 500)}`);
    // The development pages: a login form, then a consent form.
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (prompt === 'login') body = new URLSearchParams({ prompt, login, password: 'any' });
    else if (prompt === 'consent') body = new URLSearchParams({ prompt });
    else throw new Error(`Unexpected page at the provider: ${page.slice(0, 500)}`);
  }
  throw new Error('The provider never redirected back');
}
