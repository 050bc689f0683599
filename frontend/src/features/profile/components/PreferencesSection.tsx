import { useMemo, useState, type ReactElement } from 'react';
import { useFormik } from 'formik';
import { Alert } from '../../../components/feedback/Alert';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api';
import {
  savePreferences,
  usePreferences,
  type BloodSugarUnit,
  type Preferences,
  type WeightUnit,
} from '../../../lib/preferences';
import { SectionCard, SectionLoadError, SectionSkeleton } from './SectionCard';

export const PREFERENCES_FAILURE = 'Failed to save your preferences. Please try again.';

const WEIGHT_UNITS: ReadonlyArray<{ value: WeightUnit; label: string }> = [
  { value: 'lbs', label: 'Pounds (lbs)' },
  { value: 'kg', label: 'Kilograms (kg)' },
];
const SUGAR_UNITS: ReadonlyArray<{ value: BloodSugarUnit; label: string }> = [
  { value: 'mg/dL', label: 'mg/dL' },
  { value: 'mmol/L', label: 'mmol/L' },
];

export function PreferencesSection(): ReactElement {
  const { preferences, isLoaded, error, mutate } = usePreferences();
  const loaded = isLoaded && error === undefined;
  return (
    <SectionCard
      id="profile-preferences"
      title="Preferences"
      icon="vitals"
      description="Units used across Vitalog, and the emails you want to receive."
    >
      {loaded ? (
        <PreferencesForm preferences={preferences} mutate={mutate} />
      ) : error !== undefined ? (
        <SectionLoadError what="preferences" onRetry={() => void mutate()} />
      ) : (
        <SectionSkeleton label="Loading preferences…" rows={2} />
      )}
    </SectionCard>
  );
}

interface PreferencesFormProps {
  preferences: Preferences;
  mutate: ReturnType<typeof usePreferences>['mutate'];
}

function PreferencesForm({ preferences, mutate }: PreferencesFormProps): ReactElement {
  const { toast } = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const initialValues = useMemo<Preferences>(
    () => ({
      weightUnit: preferences.weightUnit,
      bloodSugarUnit: preferences.bloodSugarUnit,
      emailReminders: preferences.emailReminders,
      weeklyReports: preferences.weeklyReports,
    }),
    [preferences.weightUnit, preferences.bloodSugarUnit, preferences.emailReminders, preferences.weeklyReports],
  );

  const formik = useFormik<Preferences>({
    initialValues,
    enableReinitialize: true,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      try {
        const saved = await savePreferences(values);
        // Every screen reading PREFERENCES_KEY sees the new units at once.
        await mutate(saved, { revalidate: false });
        helpers.resetForm({ values: saved });
        toast({ title: 'Preferences saved', description: 'Your units and email settings are updated.' });
      } catch (err) {
        const message = (isApiError(err) ? err.serverMessage : undefined) ?? PREFERENCES_FAILURE;
        setFailure(message);
        toast({ variant: 'destructive', title: 'Preferences not saved', description: message });
      }
    },
  });

  return (
    <form className="form profile-form" noValidate onSubmit={formik.handleSubmit} aria-label="Preferences">
      {failure ? (
        <Alert variant="danger" role="alert">
          {failure}
        </Alert>
      ) : null}
      <div className="profile-grid">
        <fieldset className="profile-choice">
          <legend className="field-label">Weight unit</legend>
          <div className="profile-segmented">
            {WEIGHT_UNITS.map((unit) => (
              <label key={unit.value} className="profile-segment">
                <input
                  type="radio"
                  name="weightUnit"
                  value={unit.value}
                  checked={formik.values.weightUnit === unit.value}
                  onChange={() => void formik.setFieldValue('weightUnit', unit.value)}
                />
                <span>{unit.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="profile-choice">
          <legend className="field-label">Blood sugar unit</legend>
          <div className="profile-segmented">
            {SUGAR_UNITS.map((unit) => (
              <label key={unit.value} className="profile-segment">
                <input
                  type="radio"
                  name="bloodSugarUnit"
                  value={unit.value}
                  checked={formik.values.bloodSugarUnit === unit.value}
                  onChange={() => void formik.setFieldValue('bloodSugarUnit', unit.value)}
                />
                <span>{unit.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      <div className="profile-toggles">
        <ToggleRow
          id="profile-email-reminders"
          name="emailReminders"
          label="Email reminders"
          description="Emails reminding you to record your vitals."
          checked={formik.values.emailReminders}
          onChange={(checked) => void formik.setFieldValue('emailReminders', checked)}
        />
        <ToggleRow
          id="profile-weekly-reports"
          name="weeklyReports"
          label="Weekly reports"
          description="A weekly summary of your readings by email."
          checked={formik.values.weeklyReports}
          onChange={(checked) => void formik.setFieldValue('weeklyReports', checked)}
        />
      </div>

      <div className="profile-actions">
        <SubmitButton pending={formik.isSubmitting} pendingLabel="Saving..." disabled={!formik.dirty}>
          Save preferences
        </SubmitButton>
      </div>
    </form>
  );
}

interface ToggleRowProps {
  id: string;
  name: string;
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** An on/off switch (a checkbox with the switch role) with its label and explanation. */
function ToggleRow({ id, name, label, description, checked, onChange }: ToggleRowProps): ReactElement {
  return (
    <div className="profile-toggle">
      <div className="profile-toggle-text">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <p id={`${id}-description`} className="text-muted text-sm">
          {description}
        </p>
      </div>
      <input
        id={id}
        name={name}
        type="checkbox"
        role="switch"
        className="profile-switch"
        checked={checked}
        aria-describedby={`${id}-description`}
        onChange={(event) => onChange(event.target.checked)}
      />
    </div>
  );
}
