/** Canned server answers shared by the profile page's unit tests. */
import type { ProfileUser } from '../../features/profile/api/profileApi';
import type { Preferences } from '../../lib/preferences';
import type { SubscriptionStatus } from '../../lib/subscription';

export const profileUser: ProfileUser = {
  id: 7,
  username: 'alice',
  email: 'alice@example.com',
  firstName: 'Alice',
  lastName: 'Moreau',
  dateOfBirth: '1980-04-02',
  gender: 'female',
};

export const inactiveSubscription: SubscriptionStatus = { isActive: false, expiresAt: null, cancelledAt: null };

export const activeSubscription: SubscriptionStatus = {
  isActive: true,
  expiresAt: '2027-11-22T10:00:00Z',
  cancelledAt: null,
};

export const storedPreferences: Preferences = {
  weightUnit: 'lbs',
  bloodSugarUnit: 'mg/dL',
  emailReminders: false,
  weeklyReports: false,
  reminderTime: '20:00',
  timeZone: 'UTC',
  guideline: 'acc-aha-2025',
};

export const testModeConfig = {
  mode: 'test',
  clientId: null,
  price: '5.00',
  currency: 'USD',
  description: 'Annual Subscription',
} as const;

export const paypalModeConfig = { ...testModeConfig, mode: 'paypal', clientId: 'client-123' } as const;

/** This browser's session, and a phone signed in earlier. */
export const signedInHere = {
  id: 'here',
  device: 'Chrome on macOS',
  network: '203.0.113.0/24',
  signedInAt: '2026-12-01T12:00:00Z',
  lastActiveAt: '2026-12-02T09:00:00Z',
  current: true,
};
export const signedInPhone = {
  id: 'phone',
  device: 'Safari on iPhone',
  network: '198.51.100.0/24',
  signedInAt: '2026-11-20T12:30:00Z',
  lastActiveAt: '2026-11-21T07:15:00Z',
  current: false,
};

const GETS = {
  'GET /api/sessions': { body: { sessions: [signedInHere] } },
  'GET /api/security-log': { body: { events: [], nextBefore: null } },
  'GET /api/user/two-step': { body: { enabled: false, recoveryCodesLeft: 0 } },
  // Remembered Bluetooth cuffs (Profile → Preferences, issue 39): none.
  'GET /api/cuffs': { body: [] },
  'GET /api/user': { body: profileUser },
  'GET /api/user/subscription': { body: inactiveSubscription },
  'GET /api/subscription/config': { body: testModeConfig },
  'GET /api/user/preferences': { body: storedPreferences },
};

/** Every GET the page makes, answered successfully, plus the test's own answers. */
export function pageRoutes<T extends object = Record<never, never>>(overrides?: T): typeof GETS & T {
  return { ...GETS, ...overrides } as typeof GETS & T;
}
