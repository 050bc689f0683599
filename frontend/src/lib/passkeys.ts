/**
 * Passkeys in the browser (issue 38): the server's WebAuthn JSON options go through the
 * browser's own `PublicKeyCredential.parseCreationOptionsFromJSON` /
 * `parseRequestOptionsFromJSON`, and the answer back through `credential.toJSON()`: the
 * standard does the base64url and binary handling, so no library is bundled for it. A
 * browser without these methods (older than Chrome 129, Firefox 119, Safari 18.4) is not
 * offered passkeys; the password works there as before.
 */
import useSWR from 'swr';
import { apiPost } from './api';
import type { Schemas } from './apiTypes';

export const PASSKEYS_AVAILABLE_KEY = '/api/passkeys/available';

type OptionsAnswer = { options: unknown };

/** A credential as the server reads it (`PublicKeyCredential.toJSON()`). */
export type CredentialJSON = RegistrationResponseJSON | AuthenticationResponseJSON;

/** Whether this browser can do passkeys as this client asks for them. */
export function browserSupportsPasskeys(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.PublicKeyCredential === 'function' &&
    typeof PublicKeyCredential.parseCreationOptionsFromJSON === 'function' &&
    typeof PublicKeyCredential.parseRequestOptionsFromJSON === 'function' &&
    typeof navigator.credentials?.create === 'function'
  );
}

/**
 * Whether to show passkeys: the browser can, and the server offers them (not on an
 * IP-address origin). Undefined while the server has not answered.
 */
export function usePasskeysAvailable(): boolean | undefined {
  const supported = browserSupportsPasskeys();
  const { data } = useSWR<Schemas['PasskeysAvailableDto']>(supported ? PASSKEYS_AVAILABLE_KEY : null);
  if (!supported) return false;
  return data?.available;
}

/** The browser refused or the person closed the prompt: what to tell them, or null for a quiet abort. */
export function describeCeremonyFailure(error: unknown, creating: boolean): string | null {
  if (!(error instanceof DOMException)) return null;
  switch (error.name) {
    case 'AbortError':
      return null;
    case 'InvalidStateError':
      return creating
        ? 'This device already has a passkey for your account.'
        : 'This passkey cannot be used here. Please try another one.';
    case 'NotAllowedError':
      return creating
        ? 'The passkey was not created: the prompt was closed or timed out.'
        : 'No passkey was chosen: the prompt was closed or timed out.';
    case 'SecurityError':
      return 'This browser refused passkeys for this address.';
    default:
      return `The passkey prompt failed (${error.name}). Please try again.`;
  }
}

function asJson(credential: Credential | null): CredentialJSON {
  if (!(credential instanceof PublicKeyCredential)) throw new DOMException('No credential', 'NotAllowedError');
  return credential.toJSON();
}

/** Creates a passkey for the server's creation options; its JSON for the server. */
export async function createPasskey(options: unknown): Promise<CredentialJSON> {
  const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(options as PublicKeyCredentialCreationOptionsJSON);
  return asJson(await navigator.credentials.create({ publicKey }));
}

/**
 * Asks the browser for one of this site's passkeys: with `conditional`, quietly, among the
 * username field's autofill suggestions (until `signal` aborts it).
 */
export async function getPasskey(
  options: unknown,
  { conditional, signal }: { conditional: boolean; signal?: AbortSignal },
): Promise<CredentialJSON> {
  const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(options as PublicKeyCredentialRequestOptionsJSON);
  const request: CredentialRequestOptions = { publicKey, ...(signal ? { signal } : {}) };
  if (conditional) request.mediation = 'conditional';
  return asJson(await navigator.credentials.get(request));
}

/** Whether the browser offers passkeys among a field's autofill suggestions. */
export async function conditionalMediationAvailable(): Promise<boolean> {
  if (!browserSupportsPasskeys()) return false;
  try {
    return typeof PublicKeyCredential.isConditionalMediationAvailable === 'function'
      ? await PublicKeyCredential.isConditionalMediationAvailable()
      : false;
  } catch {
    return false;
  }
}

/** `POST /api/passkeys/sign-in/start`: options for `getPasskey`, bound to this browser's session. */
export const startPasskeySignIn = async (): Promise<unknown> =>
  (await apiPost<OptionsAnswer>('/api/passkeys/sign-in/start')).options;

/** `POST /api/passkeys/sign-in/finish`: signs this browser in as the passkey's account. */
export const finishPasskeySignIn = (credential: CredentialJSON): Promise<Schemas['LoginResponse']> =>
  apiPost<Schemas['LoginResponse']>('/api/passkeys/sign-in/finish', { credential });

/** `POST /api/passkeys/register/start`, confirmed by the password: creation options bound to this session. */
export const startPasskeyRegistration = async (password: string): Promise<unknown> =>
  (await apiPost<OptionsAnswer>('/api/passkeys/register/start', { password })).options;
