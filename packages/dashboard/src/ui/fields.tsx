import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import { useFieldError } from './form.js';

type NativeProps = InputHTMLAttributes<HTMLInputElement> & TextareaHTMLAttributes<HTMLTextAreaElement>;

export interface TextFieldProps extends Omit<NativeProps, 'children'> {
  label: string;
  description?: ReactNode;
  /** A multi-line field. */
  multiline?: boolean;
  /** An error to show besides the server's one for this field's name. */
  error?: string | undefined;
}

/**
 * A labelled text input: its description and error are tied to it (`aria-describedby`,
 * `aria-invalid`) so screen readers announce them; the server's error for its `name` comes
 * from the enclosing {@link Form}.
 */
export function TextField({ label, description, multiline, error, className, ...props }: TextFieldProps) {
  const id = useId();
  const serverError = useFieldError(props.name);
  const message = error ?? serverError;
  const describedBy = [description && `${id}-description`, message && `${id}-error`].filter(Boolean).join(' ');
  const control = {
    ...props,
    id,
    className: 'field-input',
    'aria-invalid': message ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {multiline ? <textarea {...control} /> : <input {...control} />}
      {description && (
        <span id={`${id}-description`} className="field-description">
          {description}
        </span>
      )}
      {message && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {message}
        </span>
      )}
    </div>
  );
}
