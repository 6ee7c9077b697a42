// The time zone rule is @hearback/inputs' (shared with the dashboard's organization form).
export { canonicalTimeZone, DEFAULT_TIME_ZONE, TimeZoneSchema } from '@hearback/inputs';
