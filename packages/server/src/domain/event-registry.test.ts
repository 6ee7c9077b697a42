import { describe, expect, it } from 'vitest';
import { EVENT_REGISTRY, EVENT_TYPES, EventTypeSchema, isEventType } from './event-registry.js';

describe('event registry', () => {
  it('lists every event type once, page responses included', () => {
    expect(EVENT_TYPES).toEqual(['feedback.created', 'feedback.updated', 'page_response.created']);
    expect(EventTypeSchema.options).toEqual(EVENT_TYPES);
  });

  it.each(EVENT_TYPES)('the sample of %s is a valid resource of its schema', (type) => {
    const definition = EVENT_REGISTRY[type];
    expect(definition.resource.safeParse(definition.sample).success).toBe(true);
  });

  it('says that nothing emits page_response.created yet', () => {
    expect(EVENT_REGISTRY['page_response.created'].description).toMatch(/nothing emits it/);
  });

  it('recognises registered types only (not inherited members)', () => {
    expect(isEventType('feedback.created')).toBe(true);
    expect(isEventType('feedback.deleted')).toBe(false);
    expect(isEventType('toString')).toBe(false);
  });
});
