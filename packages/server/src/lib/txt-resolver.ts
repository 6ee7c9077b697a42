import { Resolver } from 'node:dns/promises';

/**
 * A TXT lookup through `servers` (`host` or `host:port`, as `HEARBACK_DNS_SERVERS` lists them),
 * or through the system's resolvers when none are given.
 */
export function txtResolver(servers: readonly string[] | undefined): (name: string) => Promise<string[][]> {
  const resolver = new Resolver({ timeout: 5000, tries: 2 });
  if (servers && servers.length > 0) resolver.setServers([...servers]);
  return (name) => resolver.resolveTxt(name);
}
