/**
 * The server sets these cookies at login: the HttpOnly session cookie (never readable
 * here), a JS-readable presence cookie that only says "a session exists", and an
 * HttpOnly device cookie the login throttling reads.
 */
export const PRESENCE_COOKIE = 'vitalog_auth';

export function readCookie(name: string, cookieString: string = document.cookie): string | undefined {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    const key = (eq === -1 ? part : part.slice(0, eq)).trim();
    if (key === name) {
      const raw = eq === -1 ? '' : part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

/** True when the presence cookie says a session may exist (the server still decides). */
export function hasPresenceCookie(cookieString?: string): boolean {
  const value = readCookie(PRESENCE_COOKIE, cookieString ?? document.cookie);
  return value !== undefined && value !== '' && value !== '0';
}
