import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import app from '../src/index.js';

const require = createRequire(import.meta.url);
const { validateAppDefinition } = require('zapier-platform-schema') as {
  validateAppDefinition(definition: unknown): { errors: { stack: string }[] };
};
// What `zapier validate` and `zapier push` check: the app as the platform compiles it (resources
// expanded, functions replaced by their markers), against the schema.
const { prepareApp, serializeApp } = require('zapier-platform-core/src/tools/schema') as {
  prepareApp(app: unknown): unknown;
  serializeApp(compiled: unknown): unknown;
};

const schemaErrors = (definition: unknown) =>
  validateAppDefinition(serializeApp(prepareApp(definition))).errors.map((error) => error.stack);

describe('app definition', () => {
  it('is valid for zapier-platform-schema, as `zapier push` requires', () => {
    expect(schemaErrors(app)).toEqual([]);
  });

  it('is checked for real: a trigger without a noun is refused', () => {
    const { noun: _noun, ...withoutNoun } = app.triggers.new_feedback;
    expect(schemaErrors({ ...app, triggers: { ...app.triggers, new_feedback: withoutNoun } })).not.toEqual([]);
  });

  it('names the triggers and actions the issue promises, each with a sample and output fields', () => {
    expect(Object.keys(app.triggers).sort()).toEqual(['inbox_list', 'new_feedback', 'new_page_response']);
    expect(Object.keys(app.creates).sort()).toEqual(['submit_feedback', 'update_feedback']);
    for (const action of [...Object.values(app.triggers), ...Object.values(app.creates)]) {
      expect(action.operation.sample).toMatchObject({ id: expect.any(String) });
      expect(action.operation.outputFields.length).toBeGreaterThan(0);
    }
  });
});
