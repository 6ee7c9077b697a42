/** The user's choice of colour scheme; `system` follows the operating system's setting. */
export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

const STORAGE_KEY = 'hearback.theme';
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

export function storedThemeChoice(): ThemeChoice {
  const stored = localStorage.getItem(STORAGE_KEY);
  return THEME_CHOICES.includes(stored as ThemeChoice) ? (stored as ThemeChoice) : 'system';
}

function apply(choice: ThemeChoice): void {
  const scheme = choice === 'system' ? (darkQuery().matches ? 'dark' : 'light') : choice;
  document.documentElement.dataset.theme = scheme;
}

/** Stores and applies a choice. */
export function chooseTheme(choice: ThemeChoice): void {
  localStorage.setItem(STORAGE_KEY, choice);
  apply(choice);
}

/** Applies the stored choice now and follows the system's scheme while the choice is `system`. */
export function startTheme(): void {
  apply(storedThemeChoice());
  darkQuery().addEventListener('change', () => apply(storedThemeChoice()));
}
