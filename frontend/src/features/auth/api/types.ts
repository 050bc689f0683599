/** The auth screens' HTTP types, from the server's OpenAPI document (`lib/apiTypes`). */
import type { Schemas } from '../../../lib/apiTypes';

export type LoginPayload = Required<Schemas['LoginRequest']> & { redirect: string };

export type RegisterPayload = Required<Schemas['RegisterRequest']> & { redirect: string };

export type MessageResponse = Schemas['MessageResponse'];

export type RegisterResponse = Schemas['RegisterResponse'];

export type ResetTokenStatus = Schemas['TokenCheckResponse'];
