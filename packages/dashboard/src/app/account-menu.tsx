import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { accountQuery } from '../api/account.js';
import { Disclosure } from '../ui/disclosure.js';
import { showAccessNotice } from './access-notice.js';
import { initialOf } from './initial-of.js';
import { chooseTheme, storedThemeChoice, THEME_CHOICES, type ThemeChoice } from './theme.js';

const THEME_LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** The signed-in user: colour scheme, sign out. */
export function AccountMenu() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: account } = useQuery(accountQuery);
  const [theme, setTheme] = useState(storedThemeChoice);

  async function signOut() {
    // Loaded on demand: the auth client is not part of the inbox's first load.
    const { authClient } = await import('../auth/auth-client.js');
    await authClient.signOut();
    queryClient.clear();
    // What changed in this person's access is not for whoever signs in next on this page.
    showAccessNotice(null);
    await navigate({ to: '/sign-in' });
  }

  return (
    <Disclosure
      className="account-menu"
      summary={
        <>
          <span className="visually-hidden">Account: </span>
          <span className="avatar" aria-hidden="true">
            {account && initialOf(account.user.name)}
          </span>
          <span className="account-name">{account?.user.name}</span>
        </>
      }
    >
      <div className="menu">
        <p className="menu-header">{account?.user.email}</p>
        <fieldset className="theme-choice">
          <legend className="menu-header">Appearance</legend>
          {THEME_CHOICES.map((choice) => (
            <label key={choice} className="menu-item">
              <input
                type="radio"
                name="theme"
                value={choice}
                checked={theme === choice}
                onChange={() => {
                  chooseTheme(choice);
                  setTheme(choice);
                }}
              />
              {THEME_LABELS[choice]}
            </label>
          ))}
        </fieldset>
        <hr className="menu-separator" />
        <button type="button" className="menu-item menu-button" onClick={() => void signOut()}>
          Sign out
        </button>
      </div>
    </Disclosure>
  );
}
