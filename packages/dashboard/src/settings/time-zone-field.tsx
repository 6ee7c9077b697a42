import { useMemo } from 'react';
import { Button, ComboBox, FieldError, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import { useFieldError } from '../ui/form.js';

/** Every IANA zone this browser knows, with UTC first (the API's default, not always listed). */
function timeZones(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return [...new Set(['UTC', current, ...known])];
}

/**
 * A searchable list of IANA time zones (type "berlin" to find Europe/Berlin). The form submits
 * the zone as `timezone`, and the server's error for it shows here.
 */
export function TimeZoneField({
  value,
  onChange,
  description,
}: {
  value: string;
  onChange: (zone: string) => void;
  description: string;
}) {
  const zones = useMemo(() => timeZones(value).map((id) => ({ id })), [value]);
  const serverError = useFieldError('timezone');
  return (
    <ComboBox
      className="field time-zone-field"
      name="timezone"
      defaultItems={zones}
      selectedKey={value}
      onSelectionChange={(key) => key !== null && onChange(String(key))}
      isInvalid={Boolean(serverError)}
      menuTrigger="focus"
    >
      <Label className="field-label">Time zone</Label>
      <div className="combo">
        <Input className="field-input combo-input" />
        <Button className="combo-button" aria-label="Show time zones">
          ▾
        </Button>
      </div>
      <Text slot="description" className="field-description">
        {description}
      </Text>
      <FieldError className="field-error">{serverError}</FieldError>
      <Popover className="popover combo-popover">
        <ListBox className="menu">
          {(zone: { id: string }) => (
            <ListBoxItem id={zone.id} textValue={zone.id} className="menu-item">
              {zone.id.replaceAll('_', ' ')}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
