import type { Meta, StoryObj } from '@storybook/preact-vite';
import { BRAND_THEME } from './brand-theme.js';
import { WidgetStory, type WidgetStoryProps } from './widget-story.js';

const meta: Meta<WidgetStoryProps> = {
  title: 'Widget/Modes and states',
  component: WidgetStory,
  args: { mode: 'inline', network: 'ok', type: 'nps', colorScheme: 'light' },
};
export default meta;
type Story = StoryObj<WidgetStoryProps>;

export const FloatingClosed: Story = { args: { mode: 'floating', type: 'stars' } };
export const FloatingOpen: Story = { args: { mode: 'floating', type: 'stars', open: true } };
export const FloatingOpenDark: Story = { args: { mode: 'floating', type: 'emoji', open: true, colorScheme: 'dark' } };
export const FloatingTopLeft: Story = { args: { mode: 'floating', type: 'thumbs', open: true, position: 'top-left' } };
export const FloatingThemed: Story = { args: { mode: 'floating', type: 'csat', open: true, theme: BRAND_THEME } };
export const Inline: Story = { args: { mode: 'inline', type: 'nps' } };
export const Sent: Story = { args: { submitted: { score: 9, comment: 'Fast checkout' } } };
export const SentDark: Story = { args: { submitted: { score: 9 }, colorScheme: 'dark' } };
/** Offline: saved in localStorage, sent with the same idempotency key when the browser is back. */
export const Offline: Story = { args: { network: 'offline', submitted: { score: 4 } } };
/** A 5xx: saved and retried with backoff. */
export const ServerError: Story = { args: { network: 'server-error', submitted: { score: 4 } } };
/** A 429: saved and retried after Retry-After. */
export const RateLimited: Story = { args: { network: 'rate-limited', submitted: { score: 4 } } };
/** The request never reached the server while online (an ad blocker): no false "thank you". */
export const Blocked: Story = { args: { network: 'blocked', submitted: { score: 4 } } };
export const BlockedDark: Story = { args: { network: 'blocked', submitted: { score: 4 }, colorScheme: 'dark' } };
/** Refused for good (an invalid key): the form stays, with the error and "Try again". */
export const Refused: Story = { args: { network: 'refused', submitted: { score: 4 } } };
