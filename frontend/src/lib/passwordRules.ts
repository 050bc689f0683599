import { string, type StringSchema } from 'yup';

/**
 * The password rule every form that sets a password uses (register, reset, change): the
 * spec's registration rule (section 5), which the server enforces too (identity::rules).
 */
export const PASSWORD_MIN = 8;

/**
 * A lowercase letter, an uppercase letter, a digit and one of @$!%*?&, and nothing but
 * letters, digits and those characters.
 */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]+$/;

export const PASSWORD_MESSAGES = {
  min: 'Password must be at least 8 characters.',
  pattern: 'Password must include uppercase, lowercase, number and special character.',
} as const;

/** Shown under every new-password field, so the rule is known before submitting. */
export const PASSWORD_HINT = 'At least 8 characters, with upper- and lowercase letters, a number and one of @$!%*?&.';

/** A new password's field: required, the minimum length, then the pattern. */
export function newPasswordField(): StringSchema<string> {
  return string()
    .required(PASSWORD_MESSAGES.min)
    .min(PASSWORD_MIN, PASSWORD_MESSAGES.min)
    .matches(PASSWORD_PATTERN, { message: PASSWORD_MESSAGES.pattern, excludeEmptyString: true });
}
