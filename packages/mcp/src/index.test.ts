import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as entry from './index.js';
import { MCP_PACKAGE_VERSION } from './version.js';

const SOURCE_DIR = dirname(fileURLToPath(import.meta.url));

/** Every module specifier the entry pulls in, following relative imports (type-only ones aside). */
function importsOf(file: string, seen = new Set<string>()): Set<string> {
  const specifiers = new Set<string>();
  if (seen.has(file)) return specifiers;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/^(?:import|export)\s+(?!type\b)[^'"]*?from\s+'([^']+)'/gm)) {
    const specifier = match[1] as string;
    if (specifier.startsWith('.')) {
      const target = join(dirname(file), specifier.replace(/\.js$/, '.ts'));
      for (const nested of importsOf(target, seen)) specifiers.add(nested);
    } else {
      specifiers.add(specifier);
    }
  }
  return specifiers;
}

describe('@hearback/mcp entry', () => {
  it('pulls in neither @hearback/client nor Node built-ins, so the server can load it anywhere', () => {
    const specifiers = [...importsOf(join(SOURCE_DIR, 'index.ts'))].sort();
    // @hearback/forms: the page vocabulary (states, question types); @hearback/inputs: the id rule.
    // Both browser-safe like @hearback/spec. The SDK's types.js: the tools/list request schema,
    // which mcp.js loads anyway.
    expect(specifiers).toEqual([
      '@hearback/forms',
      '@hearback/inputs',
      '@hearback/spec',
      '@modelcontextprotocol/sdk/server/mcp.js',
      '@modelcontextprotocol/sdk/types.js',
      'zod',
    ]);
  });

  it('exports the tools, the server factory, the error class, the _meta keys', () => {
    expect(Object.keys(entry).sort()).toEqual(
      [
        'ACCEPTED_SCOPES_META_KEY',
        'DEFAULT_LIMIT',
        'HEARBACK_TOOLS',
        'HearbackToolError',
        'MAX_LIMIT',
        'MCP_PACKAGE_VERSION',
        'ORGANIZATION_WIDE_META_KEY',
        'PROBLEM_META_KEY',
        'REQUIRED_SCOPE_META_KEY',
        'UNTRUSTED_NOTICE',
        'UNTRUSTED_TAG',
        'createHearbackMcpServer',
        'registerHearbackTools',
        'toolErrorResult',
        'toolsFor',
        'untrusted',
      ].sort(),
    );
  });

  it('reports the version of package.json', () => {
    const pkg = JSON.parse(readFileSync(join(SOURCE_DIR, '../package.json'), 'utf8')) as { version: string };
    expect(MCP_PACKAGE_VERSION).toBe(pkg.version);
  });
});
