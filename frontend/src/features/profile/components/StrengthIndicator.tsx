import type { ReactElement } from 'react';
import { passwordStrength } from '../../../lib/passwordStrength';
import { cx } from '../../../lib/cx';

/**
 * The password strength indicator (Weak, Fair, Good, Strong; spec section 4), shown once
 * something is typed. Scoring is the shared `lib/passwordStrength`.
 */
export function StrengthIndicator({ password }: { password: string }): ReactElement | null {
  if (password === '') return null;
  const { score, label } = passwordStrength(password);
  const filled = Math.max(score, 1);
  return (
    <div className={cx('profile-strength', `profile-strength-${label.toLowerCase()}`)} data-testid="password-strength">
      <div className="profile-strength-bars" aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => (
          <span key={bar} className={cx('profile-strength-bar', bar <= filled && 'profile-strength-bar-on')} />
        ))}
      </div>
      <p className="profile-strength-label" aria-live="polite">
        Password strength: <strong>{label}</strong>
      </p>
    </div>
  );
}
