// Test fixtures: one SMTP sink and one `vitalog` server per worker, helpers for accounts.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { startSmtpSink, type Mailbox } from './smtp-sink';
import { freePort, startVitalog, type Database, type PublicHost } from './vitalog-server';

interface Stack {
  baseURL: string;
  mailbox: Mailbox;
}

export interface Account {
  username: string;
  email: string;
  password: string;
}

let counter = 0;
/** A fresh, unique account description (nothing is created). */
export function newAccount(prefix = 'user'): Account {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return { username: `${prefix}${id}`, email: `${prefix}.${id}@example.test`, password: 'Vital!ty2025' };
}

export const test = base.extend<{ mailbox: Mailbox }, { stack: Stack; publicHost: PublicHost; database: Database }>({
  // The name the server is opened by: passkeys need `localhost` (browsers refuse WebAuthn
  // on an IP address), so passkeys.spec asks for it with `test.use`.
  publicHost: ['127.0.0.1', { scope: 'worker', option: true }],
  // The storage the worker's server runs on: a spec that must hold on both (the Bluetooth
  // cuff's) runs its tests again with `test.use({ database: 'postgres' })`.
  database: ['sqlite', { scope: 'worker', option: true }],
  stack: [
    async ({ publicHost, database }, use, workerInfo) => {
      const smtp = await startSmtpSink(await freePort());
      const server = await startVitalog(smtp.port, `w${workerInfo.workerIndex}`, publicHost, database).catch(async (error: unknown) => {
        await smtp.close();
        throw error;
      });
      await use({ baseURL: server.baseURL, mailbox: smtp.mailbox });
      await server.stop();
      await smtp.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ stack }, use) => {
    await use(stack.baseURL);
  },
  mailbox: async ({ stack }, use) => {
    await use(stack.mailbox);
  },
});

export { expect };

/** The link in the newest email to `to` whose path starts with `pathPrefix`. */
export async function linkFromEmail(mailbox: Mailbox, to: string, pathPrefix: string, after = 0): Promise<string> {
  const mail = await mailbox.waitFor(to, (m) => m.links.some((l) => new URL(l).pathname.startsWith(pathPrefix)), { after });
  const link = mail.links.find((l) => new URL(l).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in the email to ${to}`);
  return link;
}

/** Registers through the API (no browser) and returns the account. */
export async function registerByApi(request: APIRequestContext, account: Account): Promise<void> {
  const res = await request.post('/api/register', {
    data: { ...account, firstName: '', lastName: '', redirect: '/auth' },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Registers and verifies through the API and the emailed link's token. */
export async function verifiedAccount(request: APIRequestContext, mailbox: Mailbox, prefix = 'user'): Promise<Account> {
  const account = newAccount(prefix);
  await registerByApi(request, account);
  const link = await linkFromEmail(mailbox, account.email, '/verify-email/');
  const token = decodeURIComponent(new URL(link).pathname.split('/').pop() ?? '');
  const res = await request.post('/api/verify-email', { data: { token } });
  expect(res.status(), await res.text()).toBe(200);
  return account;
}

/**
 * Signs in through the API in the page's browser context (its cookie jar), without opening
 * a page: for tests of what comes after signing in, which then open the page they check.
 * The form itself is tested by auth.spec and forms.spec (`loginThroughUi`).
 */
export async function signIn(page: Page, account: Pick<Account, 'username' | 'password'>): Promise<void> {
  const res = await page.request.post('/api/login', { data: { username: account.username, password: account.password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Logs in through the form and waits for the dashboard. */
export async function loginThroughUi(page: Page, account: Pick<Account, 'username' | 'password'>): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/**
 * The page has stopped changing: nothing is loading (no skeleton, spinner or progress bar)
 * and nothing is animating. Use it with `reducedMotion: 'reduce'`, under which the app
 * moves nothing (base.css): a dialog, menu or tooltip that is visible is then already in its
 * final place and colours, so axe and screenshots see what a person finally sees.
 */
export async function expectSettled(page: Page): Promise<void> {
  await expect(page.locator('.skeleton, .spinner, .progress-bar')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.getAnimations().length), { message: 'running animations' }).toBe(0);
}

/**
 * Runs axe on the page once its transitions have ended, and fails on any violation with its
 * rule, help text and the elements it found (`where` names the screen in the message). A
 * button whose variant just changed (secondary to primary, say) fades its colours over
 * 150 ms; checked mid-fade, its contrast is neither colour's, and whether axe got there first
 * depended on the machine's load. Endless animations (a skeleton's shimmer) are left
 * running: they never settle, and axe checks them as they are.
 */
export async function expectNoAxeViolations(page: Page, where = page.url()): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join('\n    ')}`,
  );
  expect(found, `axe violations on ${where}`).toEqual([]);
}
