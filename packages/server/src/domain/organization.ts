import type { PlanName } from '../services/plans.js';

export interface Organization {
  id: string;
  name: string;
  /** Unique; names the organization in public page URLs (`/f/:orgSlug/:pageSlug`). */
  slug: string;
  plan: PlanName;
  /** IANA time zone name (default `UTC`): where trends' days, weeks and months begin. */
  timezone: string;
  createdAt: string;
  updatedAt: string;
}

export interface Brand {
  id: string;
  orgId: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

export interface Inbox {
  id: string;
  orgId: string;
  brandId: string | null;
  name: string;
  inboxKey: string;
  createdAt: string;
  updatedAt: string;
}

export interface Note {
  id: string;
  orgId: string;
  feedbackId: string;
  body: string;
  /** The API key that wrote it, or null. */
  authorKeyId: string | null;
  /** The member who wrote it while signed in, or null. */
  authorUserId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}
