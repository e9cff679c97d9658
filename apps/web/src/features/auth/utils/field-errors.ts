import { authMessages } from '@wadesk/contract';
import type { z } from 'zod';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * Validates `values` with a contract schema and returns the first message per field. Empty required
 * fields get the catalogue's "required" text rather than a format complaint.
 */
export function validateFields<K extends string, S extends z.ZodType>(
  schema: S,
  values: Record<K, string>,
  required: readonly K[],
): { data: z.output<S>; errors: null } | { data: null; errors: FieldErrors<K> } {
  const result = schema.safeParse(values);
  const errors: FieldErrors<K> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as K | undefined;
      if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
    }
  }
  for (const field of required) {
    if (!values[field].trim()) errors[field] = authMessages.required;
  }
  if (result.success && Object.keys(errors).length === 0) return { data: result.data, errors: null };
  return { data: null, errors };
}
