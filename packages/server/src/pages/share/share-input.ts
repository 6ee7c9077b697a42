/** What every sharing artifact of a feedback page is made from. */
export interface ShareInput {
  /** The public page, `https://…/f/:orgSlug/:pageSlug`: http or https only. */
  pageUrl: string;
  title: string;
  description?: string;
  /** `#rgb` or `#rrggbb`; anything else falls back to the default accent. */
  accentColor?: string;
  /** An https (or `data:image/…`) logo shown on the flyer; other schemes are ignored. */
  logoUrl?: string | null;
  /** The email-signature button's text. */
  buttonLabel?: string;
}

/** What {@link shareInputOf} reads of a feedback page (structurally, so it takes the page as stored). */
export interface SharedPage {
  title: string;
  description: string | null;
  settings: { theme: { colors?: Record<string, string> }; logoUrl: string | null };
}

/**
 * A feedback page's share input: its title, description, logo, and its theme's primary colour as
 * the accent (the colour its public page and the widget use).
 *
 * @example
 * shareInputOf(page, 'https://feedback.example/f/acme/onboarding');
 */
export function shareInputOf(page: SharedPage, pageUrl: string): ShareInput {
  return {
    pageUrl,
    title: page.title,
    ...(page.description ? { description: page.description } : {}),
    ...(page.settings.theme.colors?.primary ? { accentColor: page.settings.theme.colors.primary } : {}),
    logoUrl: page.settings.logoUrl,
  };
}

/** The email-signature button's text unless the input names another. */
export const DEFAULT_BUTTON_LABEL = 'Give feedback';
