import type { FeedbackKind } from '@hearback/widget';
import type { Meta, StoryObj } from '@storybook/preact-vite';
import { BRAND_THEME } from './brand-theme.js';
import { WidgetStory, type WidgetStoryProps } from './widget-story.js';

const meta: Meta<WidgetStoryProps> = {
  title: 'Widget/Kinds',
  component: WidgetStory,
  args: { mode: 'inline', network: 'ok' },
  argTypes: {
    type: { control: 'select', options: ['thumbs', 'stars', 'nps', 'csat', 'emoji', 'text'] },
    colorScheme: { control: 'inline-radio', options: ['light', 'dark', 'system'] },
  },
};
export default meta;
type Story = StoryObj<WidgetStoryProps>;

const light = (type: FeedbackKind): Story => ({ args: { type, colorScheme: 'light' } });
const dark = (type: FeedbackKind): Story => ({ args: { type, colorScheme: 'dark' } });
const themed = (type: FeedbackKind): Story => ({ args: { type, colorScheme: 'light', theme: BRAND_THEME } });

export const ThumbsLight = light('thumbs');
export const ThumbsDark = dark('thumbs');
export const ThumbsThemed = themed('thumbs');
export const StarsLight = light('stars');
export const StarsDark = dark('stars');
export const StarsThemed = themed('stars');
export const NpsLight = light('nps');
export const NpsDark = dark('nps');
export const NpsThemed = themed('nps');
export const CsatLight = light('csat');
export const CsatDark = dark('csat');
export const CsatThemed = themed('csat');
export const EmojiLight = light('emoji');
export const EmojiDark = dark('emoji');
export const EmojiThemed = themed('emoji');
export const TextLight = light('text');
export const TextDark = dark('text');
export const TextThemed = themed('text');
export const ThemedDark: Story = { args: { type: 'nps', colorScheme: 'dark', theme: BRAND_THEME } };
export const GermanLabels: Story = {
  args: {
    type: 'csat',
    colorScheme: 'light',
    prompt: 'Wie zufrieden sind Sie mit dem Checkout?',
    labels: {
      csatScale: 'Sehr unzufrieden,Unzufrieden,Neutral,Zufrieden,Sehr zufrieden',
      commentLabel: 'Erzählen Sie uns mehr (optional)',
      commentPlaceholder: 'Was können wir besser machen?',
      submit: 'Feedback senden',
    },
  },
};
