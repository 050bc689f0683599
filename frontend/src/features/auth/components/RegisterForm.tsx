import { useRef, useState, type ReactElement } from 'react';
import { useFormik } from 'formik';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/feedback/Alert';
import { CheckboxField } from '../../../components/form/CheckboxField';
import { NewPasswordFields } from '../../../components/form/NewPasswordFields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextField } from '../../../components/form/TextField';
import { useFieldErrors } from '../../../components/form/useFieldErrors';
import { submitForm } from '../../../lib/navigation';
import { pickFieldErrors, serverMessageOr } from '../../../lib/serverErrors';
import { register } from '../api/authApi';
import { registerSchema, type RegisterValues } from '../schemas';

export const REGISTER_FAILURE = 'Registration failed. Please try again.';

export function describeRegisterFailure(error: unknown): string {
  return serverMessageOr(error, REGISTER_FAILURE);
}

type Field = keyof RegisterValues;
const FIELDS: readonly Field[] = ['email', 'username', 'password', 'confirmPassword', 'terms'];

export function RegisterForm(): ReactElement {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const formik = useFormik<RegisterValues>({
    initialValues: { email: '', username: '', password: '', confirmPassword: '', terms: false },
    validationSchema: registerSchema,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      const email = values.email.trim();
      try {
        const answer = await register({
          username: values.username.trim(),
          password: values.password,
          email,
          firstName: '',
          lastName: '',
          redirect: '/auth',
        });
        // Then the same form natively, so a password manager offers to save the credentials;
        // the server recognises it (a cookie of the JSON answer) and only redirects to
        // /verify-pending, without registering again.
        const form = formRef.current;
        if (form) {
          submitForm(form);
        } else {
          const target = answer?.email ?? email;
          navigate(`/verify-pending?email=${encodeURIComponent(target)}`, { state: { registered: true } });
        }
      } catch (error) {
        helpers.setErrors(pickFieldErrors(error, FIELDS));
        setFailure(describeRegisterFailure(error));
      }
    },
  });
  const fieldError = useFieldErrors(formik, formRef);

  return (
    <form
      ref={formRef}
      className="form"
      method="post"
      action="/api/register"
      noValidate
      onSubmit={formik.handleSubmit}
      aria-labelledby="register-heading"
    >
      <input type="hidden" name="redirect" value="/auth" />
      <div className="auth-panel-heading">
        <h2 id="register-heading">Create your account</h2>
        <p className="text-muted">Track blood pressure, heart rate, weight and blood sugar in one place.</p>
      </div>

      {failure ? (
        <Alert variant="danger" role="alert">
          {failure}
        </Alert>
      ) : null}

      <TextField
        id="register-email"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        inputMode="email"
        value={formik.values.email}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={fieldError('email')}
      />
      <TextField
        id="register-username"
        name="username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={formik.values.username}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={fieldError('username')}
      />
      <NewPasswordFields
        name="password"
        password={{ id: 'register-password', label: 'Password', value: formik.values.password, error: fieldError('password') }}
        confirm={{
          id: 'register-confirm',
          label: 'Confirm Password',
          value: formik.values.confirmPassword,
          error: fieldError('confirmPassword'),
        }}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
      />
      <CheckboxField
        id="register-terms"
        name="terms"
        checked={formik.values.terms}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={fieldError('terms')}
        label={
          <>
            I am 18 or older and agree to the{' '}
            <a href="/terms-of-service" target="_blank" rel="noopener noreferrer">
              Terms of Service<span className="visually-hidden"> (opens in a new tab)</span>
            </a>{' '}
            and{' '}
            <a href="/privacy-policy" target="_blank" rel="noopener noreferrer">
              Privacy Policy<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            .
          </>
        }
      />

      <Alert variant="info" role="note">
        Email verification is required before you can log in. After you register, check your inbox (and your spam folder)
        for the verification link.
      </Alert>

      <SubmitButton pending={formik.isSubmitting} pendingLabel="Creating Account...">
        Create Account
      </SubmitButton>
    </form>
  );
}
