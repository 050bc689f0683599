/**
 * Every context's rules, each from its one source, imported at build time: the server's
 * build scripts (crates/rules-gen) make their Rust constants from the same files, so a limit
 * or a message cannot say one thing here and another there (issue 37). Change them in the
 * crate's rules.json; `rules.test.ts` fails when one of these messages is written by hand.
 * The readings' rules are `readingRules.ts`'s; the plan's price is said by `subscription.ts`.
 */
import kernel from '../../../crates/kernel/rules.json';
import identity from '../../../crates/identity/rules.json';
import medications from '../../../crates/medications/rules.json';
import sharing from '../../../crates/sharing/rules.json';
import reports from '../../../crates/reports/rules.json';
import billing from '../../../crates/billing/rules.json';

/** What every context says alike: a date it could not read, an address that is not one, a refused recording. */
export const COMMON_MESSAGES = kernel.messages;

/** Accounts: usernames, passwords, names, age, preferences. */
export const IDENTITY_MESSAGES = identity.messages;
export const IDENTITY_LIMITS = identity.limits;

export const MEDICATION_MESSAGES = medications.messages;
export const MEDICATION_LIMITS = medications.limits;

/** Sharing with a clinician: the create form, and what a link's visitor is told. */
export const SHARING_MESSAGES = sharing.messages;
export const SHARING_LIMITS = sharing.limits;

export const REPORT_MESSAGES = reports.messages;
export const REPORT_LIMITS = reports.limits;

/** The plan (price, currency, length) and the payment messages. */
export const BILLING_PLAN = billing.plan;
export const BILLING_MESSAGES = billing.messages;

/** A message with its `{name}` placeholders filled in ('Give {count} times of day'). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
