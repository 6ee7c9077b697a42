// The feedback resource is @hearback/inputs': `feedback.*` events carry it and placeholders address it.
export { FeedbackResourceSchema } from '@hearback/inputs';
