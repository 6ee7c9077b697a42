import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { isOriginAllowed } from './origin.js';

describe('isOriginAllowed', () => {
  it.each<[string | undefined, string[], boolean]>([
    [undefined, [], true],
    ['http://localhost:3000', [], true],
    ['http://LOCALHOST:3000', [], true],
    ['http://127.0.0.1:3000', [], true],
    ['http://[::1]:3000', [], true],
    ['https://localhost:3000', [], false],
    ['http://localhost:3001', [], false],
    ['http://localhost', [], false],
    ['https://evil.example', [], false],
    ['http://rebind.evil.example:3000', [], false],
    ['null', [], false],
    ['file://', [], false],
    ['not an origin', [], false],
    ['https://app.example.com', ['https://app.example.com'], true],
    ['https://app.example.com:8443', ['https://app.example.com'], false],
    ['http://app.example.com', ['https://app.example.com'], false],
    ['https://evil.example', ['*'], true],
  ])('%s with allow-list %j, on local port 3000 → %s', (origin, allowedOrigins, expected) => {
    expect(isOriginAllowed(origin, { allowedOrigins, localPort: 3000 })).toBe(expected);
  });

  it('takes only the public URL as its own origin when one is configured', () => {
    const policy = { allowedOrigins: [], publicUrl: 'https://feedback.example.com/hearback', localPort: 3000 };
    expect(isOriginAllowed('https://feedback.example.com', policy)).toBe(true);
    expect(isOriginAllowed('http://feedback.example.com', policy)).toBe(false);
    expect(isOriginAllowed('http://localhost:3000', policy)).toBe(false);
    expect(isOriginAllowed('http://localhost:3000', { ...policy, allowedOrigins: ['http://localhost:3000'] })).toBe(
      true,
    );
  });

  it('has no own origin in-process, without a public URL or a socket', () => {
    expect(isOriginAllowed('http://localhost:3000', { allowedOrigins: [] })).toBe(false);
    expect(isOriginAllowed(undefined, { allowedOrigins: [] })).toBe(true);
  });
});

describe('HEARBACK_PUBLIC_URL', () => {
  it('is unset by default and normalised to an origin and path without a trailing slash', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ HEARBACK_PUBLIC_URL: 'https://Feedback.example.com/' }).publicUrl).toBe(
      'https://feedback.example.com',
    );
    expect(loadConfig({ HEARBACK_PUBLIC_URL: 'http://example.com:8080/hearback/' }).publicUrl).toBe(
      'http://example.com:8080/hearback',
    );
  });

  it.each([
    'feedback.example.com',
    'ftp://feedback.example.com',
    'https://user:pass@feedback.example.com',
    'https://feedback.example.com/?x=1',
    'https://feedback.example.com/#top',
  ])('refuses %s', (value) => {
    expect(() => loadConfig({ HEARBACK_PUBLIC_URL: value })).toThrow(ConfigError);
    expect(() => loadConfig({ HEARBACK_PUBLIC_URL: value })).toThrow('HEARBACK_PUBLIC_URL');
  });
});

describe('HEARBACK_MCP_ALLOWED_ORIGINS', () => {
  it('defaults to none and normalises a comma-separated list', () => {
    expect(loadConfig({}).mcpAllowedOrigins).toEqual([]);
    const config = loadConfig({ HEARBACK_MCP_ALLOWED_ORIGINS: ' https://App.example.com/ , http://localhost:5173,*' });
    expect(config.mcpAllowedOrigins).toEqual(['https://app.example.com', 'http://localhost:5173', '*']);
  });

  it.each(['app.example.com', 'ftp://files.example.com', 'https://'])('refuses %s', (value) => {
    expect(() => loadConfig({ HEARBACK_MCP_ALLOWED_ORIGINS: value })).toThrow(ConfigError);
  });
});
