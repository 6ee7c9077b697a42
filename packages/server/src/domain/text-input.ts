// Text rules are @hearback/inputs' (shared with the dashboard's forms).
export { storableText, WITHOUT_NUL } from '@hearback/inputs';
