// The webhook header rules are @hearback/inputs' (the automation input and its editor check them).
export { HEADER_VALUE_CONTROL_CHARACTER, isReservedHeaderName, isValidHeaderName } from '@hearback/inputs';
