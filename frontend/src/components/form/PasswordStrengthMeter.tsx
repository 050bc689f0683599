import type { ReactElement } from 'react';
import { passwordStrength } from '../../lib/passwordStrength';
import { cx } from '../../lib/cx';
import './form.css';

/**
 * The password strength meter (spec section 4): four bars and a label (Weak, Fair, Good,
 * Strong); renders nothing until something is typed. Scoring is `lib/passwordStrength`.
 */
export function PasswordStrengthMeter({ password }: { password: string }): ReactElement | null {
  if (password === '') return null;
  const { score, label } = passwordStrength(password);
  const filled = Math.max(score, 1);
  return (
    <div className={cx('strength', `strength-${label.toLowerCase()}`)} data-testid="password-strength">
      <div className="strength-bars" aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => (
          <span key={bar} className={cx('strength-bar', bar <= filled && 'strength-bar-on')} />
        ))}
      </div>
      <p className="strength-label" aria-live="polite">
        Password strength: <strong>{label}</strong>
      </p>
    </div>
  );
}
