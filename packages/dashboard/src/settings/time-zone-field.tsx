import { canonicalTimeZone } from '@hearback/inputs';
import { useId, useMemo } from 'react';
import { TextField } from '../ui/fields.js';

/**
 * Every IANA zone this browser knows, with UTC first (the API's default, not always listed), under
 * the names the server stores (`Asia/Kolkata`, where the browser's list may say `Asia/Calcutta`).
 */
function timeZones(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone').map((zone) => canonicalTimeZone(zone) ?? zone);
  return [...new Set(['UTC', current, ...known.sort()])];
}

/**
 * A searchable list of IANA time zones: typing "berlin" offers Europe/Berlin. Native (`<input
 * list>` + `<datalist>`) on purpose: React Aria's ComboBox injects an inline `<style>` (its press
 * handling's touch-action rule), which the page's `style-src 'self'` refuses. The server checks the
 * zone (it also takes aliases such as `us/eastern`); its error shows beside the field.
 */
export function TimeZoneField({
  defaultValue,
  description,
  readOnly,
}: {
  defaultValue: string;
  description: string;
  readOnly?: boolean;
}) {
  const listId = useId();
  const zones = useMemo(() => timeZones(defaultValue), [defaultValue]);
  return (
    <>
      <TextField
        label="Time zone"
        name="timezone"
        list={listId}
        defaultValue={defaultValue}
        required
        autoComplete="off"
        spellCheck={false}
        description={description}
        readOnly={readOnly}
      />
      <datalist id={listId}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </>
  );
}
