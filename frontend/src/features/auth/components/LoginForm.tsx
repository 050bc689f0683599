import { useRef, useState, type ReactElement } from 'react';
import { useFormik } from 'formik';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/feedback/Alert';
import { CheckboxField } from '../../../components/form/CheckboxField';
import { PasswordField } from '../../../components/form/PasswordField';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextField } from '../../../components/form/TextField';
import { useFieldErrors } from '../../../components/form/useFieldErrors';
import { isApiError } from '../../../lib/api';
import { fullPageNavigate, submitForm } from '../../../lib/navigation';
import { login } from '../api/authApi';
import { usePasskeysAvailable } from '../../../lib/passkeys';
import { PasskeyButton, usePasskeySignIn, type PasskeyFailure } from './PasskeySignIn';
import { loginSchema, type LoginValues } from '../schemas';
import { SecondStepForm } from './SecondStepForm';
import { isVerificationRequired, pickFieldErrors } from '../../../lib/serverErrors';

export const LOGIN_INVALID = 'Invalid username or password';
export const LOGIN_NETWORK_FAILURE = 'Login failed. Please try again.';

export type LoginProblem = { kind: 'verify' | 'error'; message: string };

/**
 * What the login form shows for a failed attempt: the server's message (or the default),
 * as a soft notice when it is about verifying the email, else as an error.
 */
export function describeLoginFailure(error: unknown): LoginProblem {
  if (!isApiError(error)) return { kind: 'error', message: LOGIN_NETWORK_FAILURE };
  const message = error.serverMessage ?? LOGIN_INVALID;
  return { kind: /verify/i.test(message) ? 'verify' : 'error', message };
}

/** The verification page for an unverified account, when the server said so. */
export function verificationRedirect(error: unknown): string | null {
  if (!isApiError(error) || !isVerificationRequired(error)) return null;
  const { requiresVerification, email } = error.data ?? {};
  if (requiresVerification !== true || typeof email !== 'string' || email === '') return null;
  return `/verify-pending?email=${encodeURIComponent(email)}`;
}

export function LoginForm(): ReactElement {
  const passkeys = usePasskeysAvailable() === true;
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const timestampRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<LoginProblem | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  // A native form post with two-step verification on lands on /auth?step=code.
  const [search] = useSearchParams();
  const [askingCode, setAskingCode] = useState(search.get('step') === 'code');

  /**
   * Signed in: the same form natively (spec section 7: username, password, a timestamp and
   * redirect), so a password manager offers to save the credentials; the server sees the
   * session is already this account and only redirects. Without the typed password (the
   * second step after a native post), straight to the dashboard.
   */
  const finish = (): void => {
    setRedirecting(true);
    const form = formRef.current;
    if (form && timestampRef.current && (form.querySelector<HTMLInputElement>('input[name="password"]')?.value ?? '') !== '') {
      timestampRef.current.value = String(Date.now());
      submitForm(form);
    } else {
      fullPageNavigate('/');
    }
  };

  const formik = useFormik<LoginValues>({
    initialValues: { username: '', password: '', rememberMe: false },
    validationSchema: loginSchema,
    onSubmit: async (values, helpers) => {
      setProblem(null);
      try {
        // rememberMe stays in the form: the spec does not send it.
        const answer = await login({ username: values.username.trim(), password: values.password, redirect: '/' });
        if (answer.secondStep === 'totp') setAskingCode(true);
        else finish();
      } catch (error) {
        const target = verificationRedirect(error);
        if (target) {
          navigate(target);
          return;
        }
        helpers.setErrors(pickFieldErrors(error, ['username', 'password'] as const));
        setProblem(describeLoginFailure(error));
      }
    },
  });
  const fieldError = useFieldErrors(formik, formRef);
  const onPasskeyFailure = ({ error, message }: PasskeyFailure): void => {
    const target = verificationRedirect(error);
    if (target) navigate(target);
    else setProblem({ kind: 'error', message });
  };

  return (
    <>
      {askingCode && !redirecting ? (
        <SecondStepForm
          onSignedIn={finish}
          onRestart={(message) => {
            setAskingCode(false);
            setProblem({ kind: 'error', message });
          }}
        />
      ) : null}
      <form
        ref={formRef}
        hidden={askingCode && !redirecting}
        className="form"
        method="post"
        action="/api/login"
        noValidate
        onSubmit={formik.handleSubmit}
        aria-labelledby="login-heading"
      >
        <input ref={timestampRef} type="hidden" name="timestamp" />
        <input type="hidden" name="redirect" value="/" />
        <div className="auth-panel-heading">
          <h2 id="login-heading">Welcome back</h2>
          <p className="text-muted">Log in to record and review your readings.</p>
        </div>

        {problem?.kind === 'verify' ? (
          <Alert variant="warning" role="alert" title="Please verify your email">
            <p>{problem.message}</p>
            <p>
              <Link to="/verify-pending">Resend verification email</Link>
            </p>
          </Alert>
        ) : null}
        {problem?.kind === 'error' ? (
          <Alert variant="danger" role="alert">
            {problem.message}
          </Alert>
        ) : null}

        <TextField
          id="login-username"
          name="username"
          label="Username"
          autoComplete={passkeys ? 'username webauthn' : 'username'}
          autoCapitalize="none"
          spellCheck={false}
          value={formik.values.username}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={fieldError('username')}
        />
        <PasswordField
          id="login-password"
          name="password"
          label="Password"
          autoComplete="current-password"
          value={formik.values.password}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={fieldError('password')}
        />

        <div className="auth-row">
          <CheckboxField
            id="login-remember"
            name="rememberMe"
            label="Remember me"
            checked={formik.values.rememberMe}
            onChange={formik.handleChange}
          />
          <Link to="/password-reset-request" className="text-sm">
            Forgot password?
          </Link>
        </div>

        <Alert variant="info" role="note">
          <p>You need to verify your email address before you can log in. Check your inbox for the link we sent when you registered.</p>
          <p>
            <Link to="/verify-pending">Need to resend verification email?</Link>
          </p>
        </Alert>

        <SubmitButton pending={formik.isSubmitting || redirecting} pendingLabel="Signing in...">
          Login
        </SubmitButton>
        {passkeys && !askingCode ? <PasskeySignIn onFailure={onPasskeyFailure} /> : null}
      </form>
    </>
  );
}

/** "Sign in with a passkey", and the autofill request, while the login form shows. */
function PasskeySignIn({ onFailure }: { onFailure: (failure: PasskeyFailure) => void }): ReactElement {
  const { signIn, pending } = usePasskeySignIn(onFailure);
  return <PasskeyButton pending={pending} onClick={() => void signIn()} />;
}
