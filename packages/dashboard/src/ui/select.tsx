import { type SelectHTMLAttributes, useId } from 'react';

export interface SelectOption {
  id: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  label: string;
  options: readonly SelectOption[];
  /** The chosen option's id; `null` shows the placeholder. */
  value: string | null;
  /** Called with the chosen option's id. */
  onChange?: (id: string) => void;
  /** The first, unselectable entry while nothing is chosen. */
  placeholder?: string;
  /** Hide the label visually (still announced). */
  hideLabel?: boolean;
  ref?: React.Ref<HTMLSelectElement>;
}

/**
 * A labelled native `<select>`: keyboard, typeahead and screen readers as the platform does them,
 * at no JavaScript cost in the inbox's first load.
 */
export function SelectField({
  label,
  options,
  value,
  onChange,
  placeholder,
  hideLabel,
  className,
  ...props
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field-label'}>
        {label}
      </label>
      <select
        {...props}
        id={id}
        className="field-input select"
        value={value ?? ''}
        onChange={(event) => event.target.value !== '' && onChange?.(event.target.value)}
      >
        {value === null && (
          <option value="" disabled>
            {placeholder ?? 'Choose…'}
          </option>
        )}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
