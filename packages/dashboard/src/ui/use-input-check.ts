import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { FormFeedback } from './input-feedback.js';
import { problemFeedback } from './problem-feedback.js';

/** A shared input schema (@hearback/inputs), or how to load it (screens of the inbox's first load). */
export type InputSchemaSource<Schema extends z.ZodType> = Schema | (() => Promise<Schema>);

type Check = (body: unknown) => FormFeedback | undefined;

/**
 * A form checked with the server's own input schema (@hearback/inputs) before it is sent: a body
 * the server would refuse shows its errors beside the fields, and no request leaves; otherwise the
 * server's problem (a taken slug, a missing permission) shows as before. The checking code (zod)
 * loads apart from the screen, as soon as the form mounts, so a screen of the inbox's first load
 * does not carry it: pass a loader there. Should it fail to load, the body goes to the server,
 * which checks it anyway.
 *
 * @example
 * const input = useInputCheck(BrandInputSchema);
 * const { validationErrors, formError } = input.feedback(save.error);
 * // on submit:
 * input.submit(body, (checked) => save.mutate(checked));
 */
export function useInputCheck<Schema extends z.ZodType>(source: InputSchemaSource<Schema>) {
  const [local, setLocal] = useState<FormFeedback | undefined>();
  const check = useRef<Check | undefined>(undefined);
  const loading = useRef<Promise<Check> | undefined>(undefined);
  // The first source counts: a form's schema does not change while it is shown.
  const first = useRef(source);
  const load = useCallback(() => {
    loading.current ??= Promise.all([
      typeof first.current === 'function' ? first.current() : first.current,
      import('./input-feedback.js'),
    ]).then(([schema, { inputFeedback }]) => {
      check.current = (body) => inputFeedback(schema, body);
      return check.current;
    });
    return loading.current;
  }, []);
  useEffect(() => {
    load().catch(() => undefined);
  }, [load]);

  return {
    /** Sends `body` when the schema takes it; shows the schema's errors otherwise. */
    submit<Body extends z.input<Schema>>(body: Body, send: (body: Body) => void): void {
      const decide = (checkBody: Check) => {
        const found = checkBody(body);
        setLocal(found);
        if (!found) send(body);
      };
      if (check.current) decide(check.current);
      else
        load().then(decide, () => {
          setLocal(undefined);
          send(body);
        });
    },
    /** Forgets the last local check's errors (the form was left: they no longer describe it). */
    reset(): void {
      setLocal(undefined);
    },
    /** The form's errors: the last local check's, else those of the server's `error`. */
    feedback(error: unknown): FormFeedback {
      return local ?? problemFeedback(error);
    },
  };
}
