/** Password strength, scored 0-4 as the product spec says (section 4). */
export type StrengthScore = 0 | 1 | 2 | 3 | 4;
export type StrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

/**
 * One point each for: length of at least 8; both upper and lower case; a digit;
 * a non-alphanumeric character.
 */
export function scorePassword(password: string): StrengthScore {
  let score = 0;
  if (password.length >= 8) score += 1;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score += 1;
  if (/\d/.test(password)) score += 1;
  if (/[^A-Za-z0-9]/.test(password)) score += 1;
  return score as StrengthScore;
}

/** Score 0 or 1 Weak, 2 Fair, 3 Good, 4 Strong. */
export function strengthLabel(score: StrengthScore): StrengthLabel {
  switch (score) {
    case 4:
      return 'Strong';
    case 3:
      return 'Good';
    case 2:
      return 'Fair';
    default:
      return 'Weak';
  }
}

export function passwordStrength(password: string): { score: StrengthScore; label: StrengthLabel } {
  const score = scorePassword(password);
  return { score, label: strengthLabel(score) };
}
