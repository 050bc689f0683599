import type { SessionUser as User } from '../lib/session';

export const aliceUser: User = {
  id: 1,
  username: 'alice',
  email: 'alice@example.com',
  firstName: 'Alice',
  lastName: 'Moreau',
  dateOfBirth: '1980-04-02',
  gender: 'female',
};

export function setPresenceCookie(): void {
  document.cookie = 'vitalog_auth=1; path=/';
}
