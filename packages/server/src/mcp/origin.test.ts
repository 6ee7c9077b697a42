import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { isOriginAllowed } from './origin.js';

describe('isOriginAllowed', () => {
  it.each<[string | undefined, string[], boolean]>([
    [undefined, [], true],
    ['http://localhost:3000', [], true],
    ['http://LOCALHOST:3000', [], true],
    ['https://localhost:3000', [], true],
    ['http://localhost:3001', [], false],
    ['http://localhost', [], false],
    ['https://evil.example', [], false],
    ['null', [], false],
    ['file://', [], false],
    ['not an origin', [], false],
    ['https://app.example.com', ['https://app.example.com'], true],
    ['https://app.example.com:8443', ['https://app.example.com'], false],
    ['http://app.example.com', ['https://app.example.com'], false],
    ['https://evil.example', ['*'], true],
  ])('%s with allow-list %j → %s', (origin, allowed, expected) => {
    expect(isOriginAllowed(origin, 'localhost:3000', allowed)).toBe(expected);
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
