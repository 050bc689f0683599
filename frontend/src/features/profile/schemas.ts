import { boolean, object, ref, string, type InferType } from 'yup';
import { GUIDELINES } from '../../lib/readingRules';
import { PASSWORD_MESSAGES, newPasswordField } from '../../lib/passwordRules';
import { COMMON_MESSAGES, IDENTITY_LIMITS, IDENTITY_MESSAGES } from '../../lib/rules';
import { GENDERS } from './api/profileApi';

/** Messages word for word from the product spec (section 5): the server's (crates/identity/rules.json). */
export const profileMessages = {
  email: COMMON_MESSAGES.emailInvalid,
  nameMax: IDENTITY_MESSAGES.nameMax,
  dobFormat: IDENTITY_MESSAGES.dobFormat,
  dobFuture: IDENTITY_MESSAGES.dobFuture,
  under18: IDENTITY_MESSAGES.under18,
  gender: IDENTITY_MESSAGES.gender,
  currentRequired: IDENTITY_MESSAGES.currentPasswordRequired,
  passwordMin: PASSWORD_MESSAGES.min,
  passwordPattern: PASSWORD_MESSAGES.pattern,
  passwordSame: IDENTITY_MESSAGES.newPasswordSame,
  passwordsMatch: 'Passwords do not match.',
  reminderTime: IDENTITY_MESSAGES.reminderTime,
  timeZone: IDENTITY_MESSAGES.timeZone,
} as const;

export const NAME_MAX: number = IDENTITY_LIMITS.nameMax;
export const MINIMUM_AGE: number = IDENTITY_LIMITS.minimumAge;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Parses `YYYY-MM-DD` as a calendar date, or null when it is not a real one. */
function parseDate(value: string): { y: number; m: number; d: number } | null {
  if (!DATE_PATTERN.test(value)) return null;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return { y, m, d };
}

/** Whole years from a birth date to `today`; negative for a future date. */
export function ageOn(birth: { y: number; m: number; d: number }, today: Date): number {
  const m = today.getMonth() + 1;
  const d = today.getDate();
  let years = today.getFullYear() - birth.y;
  if (m < birth.m || (m === birth.m && d < birth.d)) years -= 1;
  return years;
}

/** Today as `YYYY-MM-DD` in local time (the date input's max). */
export function todayIso(today = new Date()): string {
  const mm = String(today.getMonth() + 1).padStart(2, '0');
  const dd = String(today.getDate()).padStart(2, '0');
  return `${today.getFullYear()}-${mm}-${dd}`;
}

export const personalSchema = object({
  firstName: string().max(NAME_MAX, profileMessages.nameMax).default(''),
  lastName: string().max(NAME_MAX, profileMessages.nameMax).default(''),
  email: string()
    .trim()
    .required(profileMessages.email)
    .email(profileMessages.email)
    .matches(EMAIL_PATTERN, { message: profileMessages.email, excludeEmptyString: true }),
  dateOfBirth: string()
    .default('')
    .test('dob', function check(value) {
      if (!value) return true;
      const birth = parseDate(value);
      const today = new Date();
      if (!birth || birth.y < 1900) return this.createError({ message: profileMessages.dobFormat });
      if (ageOn(birth, today) < 0) return this.createError({ message: profileMessages.dobFuture });
      return ageOn(birth, today) >= MINIMUM_AGE || this.createError({ message: profileMessages.under18 });
    }),
  gender: string()
    .required(profileMessages.gender)
    .oneOf(
      GENDERS.map((g) => g.value),
      profileMessages.gender,
    ),
});

/** Whether the form's address differs from the account's (addresses compare without case). */
export function emailChanged(formEmail: string, currentEmail: string): boolean {
  return formEmail.trim().toLowerCase() !== currentEmail.trim().toLowerCase();
}

/** The personal form for a user whose address is `currentEmail`: changing it needs the password. */
export function personalSchemaFor(currentEmail: string) {
  return personalSchema.shape({
    currentPassword: string()
      .default('')
      .test('needed-for-email', profileMessages.currentRequired, function check(value) {
        return !emailChanged(String(this.parent.email ?? ''), currentEmail) || Boolean(value);
      }),
  });
}
export type PersonalValues = InferType<ReturnType<typeof personalSchemaFor>>;

export const passwordSchema = object({
  currentPassword: string().required(profileMessages.currentRequired),
  newPassword: newPasswordField()
    .notOneOf([ref('currentPassword')], profileMessages.passwordSame),
  confirmPassword: string()
    .required(profileMessages.passwordsMatch)
    .oneOf([ref('newPassword')], profileMessages.passwordsMatch),
});
export type PasswordValues = InferType<typeof passwordSchema>;

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The preferences form: units and toggles come from fixed choices; time and zone are checked. */
export const preferencesSchema = object({
  weightUnit: string().oneOf(['lbs', 'kg']).required(),
  bloodSugarUnit: string().oneOf(['mg/dL', 'mmol/L']).required(),
  emailReminders: boolean().required(),
  weeklyReports: boolean().required(),
  reminderTime: string().required(profileMessages.reminderTime).matches(TIME_PATTERN, profileMessages.reminderTime),
  timeZone: string().trim().required(profileMessages.timeZone),
  guideline: string().oneOf(GUIDELINES.map((g) => g.code)).required(),
});
