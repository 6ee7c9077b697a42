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

  it('declares page_response.created with the response as the API answers it', () => {
    const { resource, resourceRoot } = EVENT_REGISTRY['page_response.created'];
    expect(resourceRoot).toBe('response');
    // A member the API does not answer (say, the single-submission hash) is not part of the resource.
    expect(Object.keys((resource as unknown as { shape: object }).shape)).not.toContain('respondentHash');
  });

  it('recognises registered types only (not inherited members)', () => {
    expect(isEventType('feedback.created')).toBe(true);
    expect(isEventType('feedback.deleted')).toBe(false);
    expect(isEventType('toString')).toBe(false);
  });
});
