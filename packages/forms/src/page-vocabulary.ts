/** A feedback page's life: drafted, published (answering at its public URL), closed (no longer answering). */
export const PAGE_STATES = ['draft', 'published', 'closed'] as const;
export type PageState = (typeof PAGE_STATES)[number];

/** What a page asks of its respondents about themselves (`settings.requireContact`). */
export const CONTACT_REQUIREMENTS = ['none', 'email', 'name_email'] as const;
export type ContactRequirement = (typeof CONTACT_REQUIREMENTS)[number];

/** A page's or organization's slug: lowercase letters, digits and single dashes, 1–64 characters. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){0,63}$/;

/**
 * The message an embedded page (`?embed=1`) posts to its parent whenever its height changes:
 * `{ type: EMBED_HEIGHT_MESSAGE, height }`; the iframe snippet listens for it.
 */
export const EMBED_HEIGHT_MESSAGE = 'hearback:height';
