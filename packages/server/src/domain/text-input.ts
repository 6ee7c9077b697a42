// Text rules are @hearback/inputs' (shared with the dashboard's forms).
export { storableText } from '@hearback/inputs';
