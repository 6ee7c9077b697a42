import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PACKAGES_DIR } from '../support/packages.js';

// A directive counts only as the first statement of a module; comments may come before it.
const USE_CLIENT_FIRST = /^(?:\/\*[\s\S]*?\*\/\s*|\/\/[^\n]*\n\s*)*(['"])use client\1;?\n/;

describe('@hearback/react in a React Server Components tree', () => {
  it("marks every built module as client code ('use client' first)", () => {
    const dist = `${PACKAGES_DIR}react/dist/`;
    const modules = readdirSync(dist).filter((file) => file.endsWith('.js'));
    expect(modules).toEqual(expect.arrayContaining(['index.js', 'feedback-widget.js', 'use-feedback.js']));
    // A bundler that reaches feedback-widget.js or use-feedback.js directly (a barrel optimised away,
    // a deep chunk) still sees client code.
    for (const file of modules) expect(readFileSync(`${dist}${file}`, 'utf8'), file).toMatch(USE_CLIENT_FIRST);
  });
});
