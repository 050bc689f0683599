import { describe, expect, it } from 'vitest';
import type { AnyObject, ObjectSchema } from 'yup';
import {
  loginSchema,
  passwordResetRequestSchema,
  registerSchema,
  resendVerificationSchema,
  resetPasswordSchema,
} from './schemas';

/** Validates and returns { field: first message } for every failing field. */
async function errorsOf<T extends AnyObject>(schema: ObjectSchema<T>, values: Record<string, unknown>): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const out: Record<string, string> = {};
    for (const inner of (error as { inner: Array<{ path?: string; message: string }> }).inner) {
      if (inner.path && !(inner.path in out)) out[inner.path] = inner.message;
    }
    return out;
  }
}

const validRegistration = {
  email: 'alice@example.com',
  username: 'alice',
  password: 'Secur3!pass',
  confirmPassword: 'Secur3!pass',
  terms: true,
};

describe('login schema', () => {
  it('requires username and password with the spec messages', async () => {
    expect(await errorsOf(loginSchema, { username: '', password: '', rememberMe: false })).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    expect(await errorsOf(loginSchema, { username: '   ', password: 'x' })).toEqual({ username: 'Username is required' });
    expect(await errorsOf(loginSchema, { username: 'alice', password: 'x' })).toEqual({});
  });
});

describe('register schema', () => {
  it('accepts a valid registration', async () => {
    expect(await errorsOf(registerSchema, validRegistration)).toEqual({});
  });

  it('gives every spec message word for word', async () => {
    expect(
      await errorsOf(registerSchema, { email: 'not-an-email', username: 'al', password: 'short', confirmPassword: 'other', terms: false }),
    ).toEqual({
      email: 'Please enter a valid email address.',
      username: 'Username must be at least 3 characters.',
      password: 'Password must be at least 8 characters.',
      confirmPassword: 'Passwords do not match.',
      terms: 'You must agree to the terms and conditions.',
    });
  });

  it.each([
    ['alllowercase1!', 'no uppercase'],
    ['ALLUPPERCASE1!', 'no lowercase'],
    ['NoDigitsHere!', 'no digit'],
    ['NoSpecial123', 'no special'],
    ['Has#Hash123', 'a special outside @$!%*?&'],
    ['Has Space1!', 'a space'],
  ])('rejects %j (%s) with the pattern message', async (password) => {
    const errors = await errorsOf(registerSchema, { ...validRegistration, password, confirmPassword: password });
    expect(errors).toEqual({ password: 'Password must include uppercase, lowercase, number and special character.' });
  });

  it.each(['Abcdef1@', 'Abcdef1$', 'Abcdef1!', 'Abcdef1%', 'Abcdef1*', 'Abcdef1?', 'Abcdef1&'])(
    'accepts the allowed special in %j',
    async (password) => {
      expect(await errorsOf(registerSchema, { ...validRegistration, password, confirmPassword: password })).toEqual({});
    },
  );

  it('refuses a username that could pose as an email address', async () => {
    expect(await errorsOf(registerSchema, { ...validRegistration, username: 'VICTIM@EXAMPLE.COM' })).toEqual({
      username: 'Username cannot contain @.',
    });
  });

  it('puts the mismatch on the confirm field', async () => {
    expect(await errorsOf(registerSchema, { ...validRegistration, confirmPassword: 'Secur3!pasS' })).toEqual({
      confirmPassword: 'Passwords do not match.',
    });
  });

  it('rejects emails without a domain dot or with spaces', async () => {
    for (const email of ['a@b', 'a b@c.de', '@example.com', '']) {
      expect(await errorsOf(registerSchema, { ...validRegistration, email })).toEqual({
        email: 'Please enter a valid email address.',
      });
    }
  });
});

describe('password reset schemas', () => {
  it('request needs a valid email', async () => {
    expect(await errorsOf(passwordResetRequestSchema, { email: 'nope' })).toEqual({ email: 'Please enter a valid email address.' });
    expect(await errorsOf(passwordResetRequestSchema, { email: 'a@b.co' })).toEqual({});
  });

  it('reset needs 8 characters, the registration rule (as the server) and a matching confirmation', async () => {
    expect(await errorsOf(resetPasswordSchema, { password: 'short', confirmPassword: 'short' })).toEqual({
      password: 'Password must be at least 8 characters.',
    });
    expect(await errorsOf(resetPasswordSchema, { password: 'longenough', confirmPassword: 'longenough' })).toEqual({
      password: 'Password must include uppercase, lowercase, number and special character.',
    });
    expect(await errorsOf(resetPasswordSchema, { password: 'Long3nough!', confirmPassword: 'different' })).toEqual({
      confirmPassword: 'Passwords do not match.',
    });
    expect(await errorsOf(resetPasswordSchema, { password: 'Long3nough!', confirmPassword: '' })).toHaveProperty('confirmPassword');
    expect(await errorsOf(resetPasswordSchema, { password: 'Long3nough!', confirmPassword: 'Long3nough!' })).toEqual({});
  });
});

describe('resend verification schema', () => {
  it("says 'Email required' when empty", async () => {
    expect(await errorsOf(resendVerificationSchema, { email: '' })).toEqual({ email: 'Email required' });
    expect(await errorsOf(resendVerificationSchema, { email: 'a@b.co' })).toEqual({});
  });
});
