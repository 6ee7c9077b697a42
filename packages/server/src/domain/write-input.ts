// Write bodies are made in @hearback/inputs, which the dashboard shares: see its write-input.ts.
export { acrossMembers, perUnknownField, refusesUnknownFields, writeInput } from '@hearback/inputs';
