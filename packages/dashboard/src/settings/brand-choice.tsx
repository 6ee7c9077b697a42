import type { Brand } from '@hearback/client';
import { SelectField } from '../ui/select.js';

/** The select's id for "no brand" (a select's value is a string; the API's is `null`). */
const NO_BRAND = 'none';

/**
 * A brand, or none (organization-wide), for an inbox or a key. Named `brandId` like the API's
 * field, so the server's error for it shows here.
 */
export function BrandChoice({
  brands,
  value,
  onChange,
  noBrandLabel,
}: {
  brands: readonly Brand[];
  value: string | null;
  onChange: (brandId: string | null) => void;
  noBrandLabel: string;
}) {
  const options = [
    { id: NO_BRAND, label: noBrandLabel },
    ...brands.map((brand) => ({ id: brand.id, label: brand.name })),
  ];
  return (
    <SelectField
      label="Brand"
      name="brandId"
      options={options}
      value={value ?? NO_BRAND}
      onChange={(id) => onChange(id === NO_BRAND ? null : id)}
    />
  );
}
