import { apiPatch, apiPost } from '../../../lib/api';
import type { Schemas, Sent } from '../../../lib/apiTypes';
import { USER_KEY, type SessionUser } from '../../../lib/session';

export type Gender = 'male' | 'female' | 'other' | 'prefer-not-to-say';

export const GENDERS: ReadonlyArray<{ value: Gender; label: string }> = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
  { value: 'prefer-not-to-say', label: 'Prefer not to say' },
];

/** The spec's default gender (section 9). */
export const DEFAULT_GENDER: Gender = 'other';

export function isGender(value: unknown): value is Gender {
  return GENDERS.some((g) => g.value === value);
}

/** `GET /api/user` (`lib/session`): the session's key, so the header shows a new name at once. */
export type ProfileUser = SessionUser;

type Request = Schemas['UpdateUserRequest'];

/**
 * `PATCH /api/user` payload (spec section 7): `currentPassword` is sent only when `email`
 * changes the address, which needs it; a null `dateOfBirth` clears the date.
 */
export type UpdateUserPayload = Required<Pick<Request, 'dateOfBirth'>> & {
  [K in 'firstName' | 'lastName' | 'email']-?: NonNullable<Request[K]>;
} & { currentPassword?: NonNullable<Request['currentPassword']>; gender: Gender };

/** `emailChangePending`: the new address a confirmation link went to (the email changes once it is opened). */
export type UpdateUserResponse = Sent<Omit<Schemas['UpdateUserResponse'], 'user'>, 'emailChangePending'> & {
  user: ProfileUser;
};

export function updateUser(payload: UpdateUserPayload): Promise<UpdateUserResponse> {
  return apiPatch<UpdateUserResponse>(USER_KEY, payload);
}

export function changePassword(payload: Schemas['ChangePasswordRequest']): Promise<Schemas['MessageResponse']> {
  return apiPost<Schemas['MessageResponse']>('/api/user/change-password', payload);
}

/** Deletes the account and all its data; the session ends with it. */
export function deleteAccount(password: string): Promise<Schemas['MessageResponse']> {
  return apiPost<Schemas['MessageResponse']>('/api/user/delete', { password } satisfies Schemas['DeleteAccountRequest']);
}
