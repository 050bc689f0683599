import type { ReactElement } from 'react';
import { SegmentedChoice } from '../../../components/form/SegmentedChoice';
import { THEME_CHOICES, setThemeChoice, useThemeChoice } from '../../../lib/theme';
import '../profile.css';

/**
 * Appearance: System, Light or Dark. Applied at once and kept on this device (lib/theme.ts
 * says why not in the account), so it needs no Save and works while preferences cannot load.
 */
export function AppearanceChoice(): ReactElement {
  const choice = useThemeChoice();
  return (
    <fieldset className="segmented-fieldset profile-appearance" aria-describedby="profile-appearance-hint">
      <legend className="field-label">Appearance</legend>
      <SegmentedChoice name="theme" options={THEME_CHOICES} value={choice} onChange={(next) => setThemeChoice(next)} />
      <p className="field-hint" id="profile-appearance-hint">
        System follows your device&apos;s light or dark setting. Remembered on this device, for every account on it.
      </p>
    </fieldset>
  );
}
