import { useState } from 'react';
import type { z } from 'zod';
import { type FieldErrors, validateFields } from '@/features/auth/utils/field-errors';

/**
 * A form checked by a contract schema: its values, the first message per field, and `field(name)` props
 * for TextField/PasswordField. Errors appear on the first submit and then follow every keystroke.
 * `validate()` (on submit) answers the parsed data, or null with the errors shown.
 */
export function useContractForm<K extends string, S extends z.ZodType>(
  schema: S,
  initial: Record<K, string>,
  required: readonly NoInfer<K>[],
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [submitted, setSubmitted] = useState(false);

  const change = (name: K, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) setErrors(validateFields(schema, next, required).errors ?? {});
  };
  const validate = (): z.output<S> | null => {
    setSubmitted(true);
    const { data, errors: found } = validateFields(schema, values, required);
    setErrors(found ?? {});
    return data;
  };
  /** Back to `initial`, errors hidden until the next submit. */
  const reset = () => {
    setValues(initial);
    setErrors({});
    setSubmitted(false);
  };
  const field = (name: K) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
  });

  return { values, setErrors, validate, reset, field };
}
