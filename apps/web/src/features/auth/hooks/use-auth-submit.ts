/**
 * Submit handling shared by the accounts forms (desktop and H5): clears the form-level error,
 * runs the call, and on failure shows the server's message on its field (one of `fields`) or in
 * the form-level alert (docs/api.md, Errors: the message is always the server's `msg`).
 */
import { useState } from 'react';
import { placeServerError, showServerError, type AuthField, type FieldErrorTarget } from '../utils/server-error';

export interface AuthSubmit<V> {
  /** Message of the form-level alert, null when there is none. */
  formError: string | null;
  setFormError(msg: string | null): void;
  /** The form's `onFinish`. */
  onFinish(values: V): Promise<void>;
}

export function useAuthSubmit<V>(
  form: FieldErrorTarget,
  options: {
    /** Fields of the form that show their own server errors; the rest go to the alert. */
    fields: readonly AuthField[];
    /** The call and what follows its success; throws on failure. */
    submit(values: V): Promise<void>;
    /** Runs on any failure before the message is placed (e.g. a new captcha image). */
    onFailure?(): void;
  },
): AuthSubmit<V> {
  const [formError, setFormError] = useState<string | null>(null);
  const { fields, submit, onFailure } = options;

  const onFinish = async (values: V) => {
    setFormError(null);
    try {
      await submit(values);
    } catch (error) {
      onFailure?.();
      showServerError(placeServerError(error), form, fields, setFormError);
    }
  };

  return { formError, setFormError, onFinish };
}
