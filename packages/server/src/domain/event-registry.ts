// The event registry is @hearback/inputs': the automation input's `events` and placeholders are checked against it.
export { EVENT_REGISTRY, EVENT_TYPES, type EventType, EventTypeSchema, isEventType } from '@hearback/inputs';
