import { createContext, type FormHTMLAttributes, useContext } from 'react';

/** The server's field errors of the last submission, by field name (= the API's path). */
const FieldErrors = createContext<Readonly<Record<string, string>>>({});

/** The error the server gave for field `name`, if any. */
export const useFieldError = (name: string | undefined) => {
  const errors = useContext(FieldErrors);
  return name ? errors[name] : undefined;
};

export interface FormProps extends FormHTMLAttributes<HTMLFormElement> {
  /** Shown beside their fields (see problemFeedback). */
  validationErrors?: Readonly<Record<string, string>>;
  ref?: React.Ref<HTMLFormElement>;
}

/** A native form whose fields show the server's errors for them. */
export function Form({ validationErrors = {}, ...props }: FormProps) {
  return (
    <FieldErrors.Provider value={validationErrors}>
      <form {...props} />
    </FieldErrors.Provider>
  );
}
