import { loginRequest } from '@wadesk/contract';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { login } from '@/features/auth/api/auth-api';
import { useCompleteSignIn } from '@/features/auth/hooks/use-complete-sign-in';
import { type FieldErrors, validateFields } from '@/features/auth/utils/field-errors';
import { errorMessage, isApiError } from '@/shared/api/api-error';
import { usePublicConfig } from '@/shared/config/public-config';
import { Button } from '@/shared/ui/button';
import { PasswordField } from '@/shared/ui/password-field';
import { toast } from '@/shared/ui/toast';
import { EmailField } from './email-field';
import { GoogleSignIn } from './google-sign-in';
import { OrDivider } from './or-divider';

type Field = 'username' | 'password';
const REQUIRED: readonly Field[] = ['username', 'password'];

export function LoginForm() {
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const { config } = usePublicConfig();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once the user has tried to submit, errors follow the input as it is corrected.
    if (submitted) setErrors(validateFields(loginRequest, next, REQUIRED).errors ?? {});
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const { data, errors: found } = validateFields(loginRequest, values, REQUIRED);
    setErrors(found ?? {});
    if (!data) return;
    setBusy(true);
    try {
      completeSignIn(await login(data), 'Login Successful!');
    } catch (error) {
      setBusy(false);
      if (isApiError(error) && error.status === 404) {
        toast.warn('You are not registered. Please create your account!');
        navigate('/register', { state: { username: data.username } });
        return;
      }
      toast.error(errorMessage(error, 'Something Went Wrong!'));
    }
  };

  return (
    <div className="space-y-6">
      <form noValidate onSubmit={submit} className="space-y-5">
        <EmailField
          name="email"
          value={values.username}
          error={errors.username}
          onChange={(event) => change('username', event.target.value)}
        />
        <div>
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            placeholder="Your password"
            value={values.password}
            error={errors.password}
            onChange={(event) => change('password', event.target.value)}
          />
          <div className="mt-2 text-right">
            <Link
              to="/forgot-password"
              state={{ email: values.username }}
              className="text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
            >
              Forgot password?
            </Link>
          </div>
        </div>
        <Button type="submit" size="lg" fullWidth busy={busy}>
          Sign in
        </Button>
      </form>
      {config?.google_client_id ? (
        <>
          <OrDivider />
          <GoogleSignIn clientId={config.google_client_id} />
        </>
      ) : null}
    </div>
  );
}
