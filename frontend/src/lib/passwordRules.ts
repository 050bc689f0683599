import { string, type StringSchema } from 'yup';
import { IDENTITY_LIMITS, IDENTITY_MESSAGES } from './rules';

/**
 * The password rule every form that sets a password uses (register, reset, change): the
 * spec's registration rule (section 5), which the server enforces too (identity::rules).
 */
export const PASSWORD_MIN: number = IDENTITY_LIMITS.passwordMin;

/** The characters allowed besides letters and digits ("@$!%*?&"). */
export const PASSWORD_SPECIALS: string = IDENTITY_LIMITS.passwordSpecials;

/** The specials inside a character class: only `\`, `]`, `^` and `-` mean something there. */
const SPECIALS_CLASS = PASSWORD_SPECIALS.replace(/[\\\]^-]/g, '\\$&');

/**
 * A lowercase letter, an uppercase letter, a digit and one of the specials, and nothing but
 * letters, digits and those characters.
 */
export const PASSWORD_PATTERN = new RegExp(`^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[${SPECIALS_CLASS}])[A-Za-z\\d${SPECIALS_CLASS}]+$`);

export const PASSWORD_MESSAGES = {
  min: IDENTITY_MESSAGES.passwordMin,
  pattern: IDENTITY_MESSAGES.passwordClasses,
} as const;

/** Shown under every new-password field, so the rule is known before submitting. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters, with upper- and lowercase letters, a number and one of ${PASSWORD_SPECIALS}.`;

/** A new password's field: required, the minimum length, then the pattern. */
export function newPasswordField(): StringSchema<string> {
  return string()
    .required(PASSWORD_MESSAGES.min)
    .min(PASSWORD_MIN, PASSWORD_MESSAGES.min)
    .matches(PASSWORD_PATTERN, { message: PASSWORD_MESSAGES.pattern, excludeEmptyString: true });
}
