import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PACKAGES_DIR } from '../support/packages.js';

describe('@hearback/react in a React Server Components tree', () => {
  it("marks its built entry as client code ('use client' first)", () => {
    const entry = readFileSync(`${PACKAGES_DIR}react/dist/index.js`, 'utf8');
    // A directive counts only as the first statement of the module.
    expect(entry).toMatch(/^(['"])use client\1;?\n/);
  });
});
