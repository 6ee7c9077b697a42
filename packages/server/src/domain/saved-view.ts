/**
 * A named set of feedback list filters, shared by an organization (or by a brand, for a
 * brand-scoped key). The filters are the list's query parameters, checked at the edge against the
 * list's own schema; the services keep them as given.
 */
export interface SavedView {
  id: string;
  orgId: string;
  brandId: string | null;
  name: string;
  filters: SavedViewFilters;
  createdAt: string;
  updatedAt: string;
}

/** The feedback list's filters (`type`, `status`, `scoreMin` …), by name. */
export type SavedViewFilters = Readonly<Record<string, unknown>>;
