import { boolean, object, ref, string, type InferType } from 'yup';
import { PASSWORD_MESSAGES, newPasswordField } from '../../lib/passwordRules';
import { COMMON_MESSAGES, IDENTITY_LIMITS, IDENTITY_MESSAGES } from '../../lib/rules';

/** Messages word for word from the product spec, section 5 (the server's: crates/identity/rules.json). */
export const messages = {
  usernameRequired: IDENTITY_MESSAGES.usernameRequired,
  passwordRequired: IDENTITY_MESSAGES.passwordRequired,
  email: COMMON_MESSAGES.emailInvalid,
  usernameMin: IDENTITY_MESSAGES.usernameMin,
  /** Not in the spec: login takes a username or an address, so a username cannot pose as one. */
  usernameAt: IDENTITY_MESSAGES.usernameAt,
  passwordMin: PASSWORD_MESSAGES.min,
  passwordPattern: PASSWORD_MESSAGES.pattern,
  passwordsMatch: 'Passwords do not match.',
  confirmRequired: 'Please confirm your password.',
  terms: 'You must agree to the terms and conditions.',
  emailRequired: 'Email required',
} as const;

export const USERNAME_MIN: number = IDENTITY_LIMITS.usernameMin;

/** A practical address check (something@domain.tld, no spaces). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const loginSchema = object({
  username: string().trim().required(messages.usernameRequired),
  password: string().required(messages.passwordRequired),
  rememberMe: boolean().default(false),
});
export type LoginValues = InferType<typeof loginSchema>;

const emailField = string()
  .trim()
  .required(messages.email)
  .email(messages.email)
  .matches(EMAIL_PATTERN, { message: messages.email, excludeEmptyString: true });

export const registerSchema = object({
  email: emailField,
  username: string()
    .trim()
    .required(messages.usernameMin)
    .min(USERNAME_MIN, messages.usernameMin)
    .matches(/^[^@]*$/, messages.usernameAt),
  password: newPasswordField(),
  confirmPassword: string()
    .required(messages.confirmRequired)
    .oneOf([ref('password')], messages.passwordsMatch),
  terms: boolean().required(messages.terms).oneOf([true], messages.terms),
});
export type RegisterValues = InferType<typeof registerSchema>;

export const passwordResetRequestSchema = object({
  email: emailField,
});
export type PasswordResetRequestValues = InferType<typeof passwordResetRequestSchema>;

/** The server checks a reset password with the registration rule: so does the form, before submit. */
export const resetPasswordSchema = object({
  password: newPasswordField(),
  confirmPassword: string()
    .required(messages.confirmRequired)
    .oneOf([ref('password')], messages.passwordsMatch),
});
export type ResetPasswordValues = InferType<typeof resetPasswordSchema>;

export const resendVerificationSchema = object({
  email: string().trim().required(messages.emailRequired).matches(EMAIL_PATTERN, messages.email),
});
