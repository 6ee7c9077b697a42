/**
 * How long a stopping job runner lets the events in progress finish before handing the rest back,
 * unless `HEARBACK_JOB_STOP_GRACE_MS` says otherwise. A module of its own: the configuration reads
 * it without loading the runner and the storage behind it.
 */
export const JOB_STOP_GRACE_MS = 2000;
