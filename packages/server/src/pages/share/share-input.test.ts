import { describe, expect, it } from 'vitest';
import { shareInputOf } from './share-input.js';

describe('shareInputOf', () => {
  const page = {
    title: 'Onboarding',
    description: 'Two minutes.',
    settings: { theme: { colors: { primary: '#0f766e', text: '#111' } }, logoUrl: 'https://cdn.example/logo.png' },
  };

  it("takes the page's title, description, logo and its theme's primary colour as the accent", () => {
    expect(shareInputOf(page, 'https://feedback.example/f/acme/onboarding')).toEqual({
      pageUrl: 'https://feedback.example/f/acme/onboarding',
      title: 'Onboarding',
      description: 'Two minutes.',
      accentColor: '#0f766e',
      logoUrl: 'https://cdn.example/logo.png',
    });
  });

  it('leaves out what the page does not set', () => {
    const bare = { title: 'Bare', description: null, settings: { theme: {}, logoUrl: null } };
    expect(shareInputOf(bare, 'https://feedback.example/f/acme/bare')).toEqual({
      pageUrl: 'https://feedback.example/f/acme/bare',
      title: 'Bare',
      logoUrl: null,
    });
  });
});
