import type { PageSettings } from '@hearback/client';
import {
  CONTACT_REQUIREMENTS,
  type ContactRequirement,
  DEFAULT_PAGE_COLORS,
  type PageColorToken,
} from '@hearback/forms';
import { useId } from 'react';
import { TextField } from '../../ui/fields.js';
import { SelectField } from '../../ui/select.js';

const CONTACT_LABELS: Record<ContactRequirement, string> = {
  none: 'Nothing',
  email: 'Their email address',
  name_email: 'Their name and email address',
};

const SCHEME_OPTIONS = [
  { id: 'system', label: 'As the visitor’s system' },
  { id: 'light', label: 'Light' },
  { id: 'dark', label: 'Dark' },
];

/** The colours the builder offers to brand a page (the others keep the public page's defaults). */
const BRAND_TOKENS: { token: PageColorToken; label: string }[] = [
  { token: 'primary', label: 'Accent' },
  { token: 'background', label: 'Background' },
  { token: 'surface', label: 'Card' },
  { token: 'text', label: 'Text' },
];

function Toggle({
  label,
  name,
  checked,
  onChange,
}: {
  label: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="checkbox-field">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A colour token of one scheme: a colour picker over the page's value or the default. */
function ColorField({
  label,
  name,
  value,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="color-field">
      <input id={id} type="color" name={name} value={value} onChange={(event) => onChange(event.target.value)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A colour as `<input type="color">` takes it (#rrggbb); a page's other CSS colours show the default. */
const asPickerColor = (value: string | undefined, fallback: string) => {
  const color = value ?? fallback;
  if (/^#[0-9a-f]{6}$/i.test(color)) return color;
  if (/^#[0-9a-f]{3}$/i.test(color)) return `#${[...color.slice(1)].map((digit) => digit + digit).join('')}`;
  return '#000000';
};

/**
 * A page's settings and branding, named like the API's paths (`settings.thankYouMessage`,
 * `settings.theme.colors.primary`) so the server's errors show beside them.
 */
export function PageSettingsEditor({
  settings,
  onChange,
}: {
  settings: PageSettings;
  onChange: (settings: PageSettings) => void;
}) {
  const set = <Member extends keyof PageSettings>(member: Member, value: PageSettings[Member]) =>
    onChange({ ...settings, [member]: value });
  const theme = settings.theme;
  const setColor = (scheme: 'light' | 'dark', token: PageColorToken, value: string) =>
    set(
      'theme',
      scheme === 'light'
        ? { ...theme, colors: { ...theme.colors, [token]: value } }
        : { ...theme, dark: { ...theme.dark, colors: { ...theme.dark?.colors, [token]: value } } },
    );
  return (
    <div className="settings-editor">
      <fieldset className="stack">
        <legend>After answering</legend>
        <TextField
          label="Thank-you message"
          name="settings.thankYouMessage"
          multiline
          value={settings.thankYouMessage}
          onChange={(event) => set('thankYouMessage', event.target.value)}
        />
        <TextField
          label="Then go to (optional)"
          name="settings.redirectUrl"
          type="url"
          placeholder="https://example.com/thanks"
          value={settings.redirectUrl ?? ''}
          onChange={(event) => set('redirectUrl', event.target.value.trim() === '' ? null : event.target.value)}
        />
      </fieldset>
      <fieldset className="stack">
        <legend>Respondents</legend>
        <SelectField
          label="Ask respondents for"
          name="settings.requireContact"
          options={CONTACT_REQUIREMENTS.map((id) => ({ id, label: CONTACT_LABELS[id] }))}
          value={settings.requireContact}
          onChange={(id) => set('requireContact', id as ContactRequirement)}
        />
        <Toggle
          label="Anonymous: keep no IP address or browser with responses"
          name="settings.anonymous"
          checked={settings.anonymous}
          onChange={(checked) => set('anonymous', checked)}
        />
        <Toggle
          label="One response per respondent"
          name="settings.singleSubmission"
          checked={settings.singleSubmission}
          onChange={(checked) => set('singleSubmission', checked)}
        />
        <Toggle
          label="Ask the browser for a proof of work against spam (no puzzle for people)"
          name="settings.captcha"
          checked={settings.captcha}
          onChange={(checked) => set('captcha', checked)}
        />
      </fieldset>
      <fieldset className="stack">
        <legend>Branding</legend>
        <TextField
          label="Logo URL (optional)"
          name="settings.logoUrl"
          type="url"
          placeholder="https://example.com/logo.svg"
          value={settings.logoUrl ?? ''}
          onChange={(event) => set('logoUrl', event.target.value.trim() === '' ? null : event.target.value)}
        />
        <SelectField
          label="Colour scheme"
          name="settings.theme.colorScheme"
          options={SCHEME_OPTIONS}
          value={theme.colorScheme ?? 'system'}
          onChange={(id) => set('theme', { ...theme, colorScheme: id as 'system' | 'light' | 'dark' })}
        />
        <TextField
          label="Corner radius (pixels)"
          name="settings.theme.radius"
          type="number"
          min={0}
          value={theme.radius ?? ''}
          onChange={(event) => {
            const { radius: _radius, ...rest } = theme;
            set('theme', event.target.value === '' ? rest : { ...theme, radius: Number(event.target.value) });
          }}
        />
        {(['light', 'dark'] as const).map((scheme) => (
          <fieldset key={scheme} className="color-set">
            <legend>{scheme === 'light' ? 'Light colours' : 'Dark colours'}</legend>
            {BRAND_TOKENS.map(({ token, label }) => (
              <ColorField
                key={token}
                label={label}
                name={scheme === 'light' ? `settings.theme.colors.${token}` : `settings.theme.dark.colors.${token}`}
                value={asPickerColor(
                  scheme === 'light' ? theme.colors?.[token] : theme.dark?.colors?.[token],
                  DEFAULT_PAGE_COLORS[scheme][token],
                )}
                onChange={(value) => setColor(scheme, token, value)}
              />
            ))}
          </fieldset>
        ))}
      </fieldset>
    </div>
  );
}
