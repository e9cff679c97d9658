import { type AcceptInvitationRequest, acceptInvitationRequest, authMessages } from '@wadesk/contract';

export type AcceptField = 'first_name' | 'last_name' | 'password1' | 'password2';
export type AcceptValues = Record<AcceptField, string>;
export type AcceptErrors = Partial<Record<AcceptField, string>>;

const REQUIRED: readonly AcceptField[] = ['first_name', 'password1', 'password2'];

/**
 * The registration form's rules, from the contract's accept schema: the first message per field, and
 * the catalogue's "required" text for an empty required field.
 */
export function validateAccept(
  token: string,
  values: AcceptValues,
): { data: AcceptInvitationRequest; errors: null } | { data: null; errors: AcceptErrors } {
  const result = acceptInvitationRequest.safeParse({ token, ...values });
  const errors: AcceptErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as AcceptField | 'token' | undefined;
      if (field !== undefined && field !== 'token' && errors[field] === undefined)
        errors[field] = issue.message;
    }
  }
  for (const field of REQUIRED) if (!values[field].trim()) errors[field] = authMessages.required;
  if (result.success && Object.keys(errors).length === 0) return { data: result.data, errors: null };
  return { data: null, errors };
}
