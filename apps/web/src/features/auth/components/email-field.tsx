import type { ComponentProps } from 'react';
import { TextField } from '@/shared/ui/text-field';

type EmailFieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'type' | 'inputMode'>;

/** The Email input of the sign-in, registration and forgot-password forms. */
export function EmailField({ autoComplete = 'username', ...props }: EmailFieldProps) {
  return (
    <TextField
      label="Email"
      type="email"
      inputMode="email"
      placeholder="you@example.com"
      autoComplete={autoComplete}
      {...props}
    />
  );
}
