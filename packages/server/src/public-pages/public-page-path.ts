/** A feedback page's public address (Hono's syntax): the form, its response and its share artifacts. */
export const PUBLIC_PAGE_PATH = '/f/:orgSlug/:pageSlug';

/** Where the pages' stylesheet, script and worker are served, under names that change with them. */
export const PAGE_ASSETS_PATH = '/f/assets';
