import { useMemo, useState, type ReactElement } from 'react';
import { useFormik } from 'formik';
import { Alert } from '../../../components/feedback/Alert';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api';
import {
  BLOOD_SUGAR_UNIT_CHOICES,
  WEIGHT_UNIT_CHOICES,
  savePreferences,
  usePreferences,
  type Preferences,
} from '../../../lib/preferences';
import { preferencesSchema } from '../schemas';
import { PairedCuffs } from '../../bluetooth/ui/PairedCuffs';
import { SectionCard, SectionLoadError, SectionSkeleton } from '../../../components/layout/SectionCard';
import { SegmentedFieldset } from '../../../components/form/SegmentedChoice';
import { SelectField } from '../../../components/form/SelectField';
import { ToggleRow } from '../../../components/form/ToggleRow';
import { AppearanceChoice } from './AppearanceChoice';
import { GUIDELINES } from '../../../lib/readingRules';

/** The guidelines as the Guideline choice names them. */
const GUIDELINE_CHOICES = GUIDELINES.map((g) => ({ value: g.code, label: g.name }));
import '../profile.css';

export const PREFERENCES_FAILURE = 'Failed to save your preferences. Please try again.';

/** The browser's IANA time zone, or null when it cannot tell. */
export function browserTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return typeof zone === 'string' && zone !== '' ? zone : null;
  } catch {
    return null;
  }
}

/** The browser's canonical name for a zone (`Asia/Kolkata` and `Asia/Calcutta` are one zone). */
function canonicalZone(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return zone;
  }
}

/** True when the browser's zone is another zone than `stored` (not just another name for it). */
export function isOtherZone(browser: string | null, stored: string): browser is string {
  return browser !== null && browser !== stored && canonicalZone(browser) !== canonicalZone(stored);
}

/** Every IANA zone the browser knows, plus UTC and the given ones, sorted. */
function timeZoneOptions(extra: ReadonlyArray<string | null>): Array<{ value: string; label: string }> {
  let known: string[];
  try {
    known = Intl.supportedValuesOf('timeZone');
  } catch {
    known = [];
  }
  const all = new Set<string>(known);
  all.add('UTC');
  for (const zone of extra) if (zone) all.add(zone);
  return [...all].sort((a, b) => a.localeCompare(b)).map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

export function PreferencesSection(): ReactElement {
  const { preferences, isLoaded, error, mutate } = usePreferences();
  const loaded = isLoaded && error === undefined;
  return (
    <SectionCard
      id="profile-preferences"
      title="Preferences"
      icon="vitals"
      description="How Vitalog looks on this device, the units it uses, and the emails you want to receive."
    >
      <AppearanceChoice />
      {loaded ? (
        <PreferencesForm preferences={preferences} mutate={mutate} />
      ) : error !== undefined ? (
        <SectionLoadError what="preferences" onRetry={() => void mutate()} />
      ) : (
        <SectionSkeleton label="Loading preferences…" rows={2} />
      )}
      <PairedCuffs />
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
      reminderTime: preferences.reminderTime,
      timeZone: preferences.timeZone,
      guideline: preferences.guideline,
    }),
    [
      preferences.weightUnit,
      preferences.bloodSugarUnit,
      preferences.emailReminders,
      preferences.weeklyReports,
      preferences.reminderTime,
      preferences.timeZone,
      preferences.guideline,
    ],
  );
  const browserZone = useMemo(() => browserTimeZone(), []);
  const zones = useMemo(
    () => timeZoneOptions([preferences.timeZone, browserZone]),
    [preferences.timeZone, browserZone],
  );

  const formik = useFormik<Preferences>({
    initialValues,
    enableReinitialize: true,
    validationSchema: preferencesSchema,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      try {
        const saved = await savePreferences(values);
        // Every screen reading PREFERENCES_KEY sees the new units at once.
        await mutate(saved, { revalidate: false });
        helpers.resetForm({ values: saved });
        toast({ title: 'Preferences saved', description: 'Your units, guideline and email settings are updated.' });
      } catch (err) {
        if (isApiError(err)) {
          const { reminderTime, timeZone } = err.fieldErrors;
          if (reminderTime || timeZone) helpers.setErrors({ reminderTime, timeZone });
        }
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
        <SegmentedFieldset
          legend="Weight unit"
          name="weightUnit"
          options={WEIGHT_UNIT_CHOICES}
          value={formik.values.weightUnit}
          onChange={(v) => void formik.setFieldValue('weightUnit', v)}
        />
        <SegmentedFieldset
          legend="Blood sugar unit"
          name="bloodSugarUnit"
          options={BLOOD_SUGAR_UNIT_CHOICES}
          value={formik.values.bloodSugarUnit}
          onChange={(v) => void formik.setFieldValue('bloodSugarUnit', v)}
        />
      </div>

      <div className="profile-toggles">
        <ToggleRow
          id="profile-email-reminders"
          name="emailReminders"
          label="Email reminders"
          description="An email at your reminder time on days you have not recorded a reading yet."
          checked={formik.values.emailReminders}
          onChange={(checked) => {
            void formik.setFieldValue('emailReminders', checked);
            // A hidden reminder time must not block Save: put back the stored one if it is invalid.
            if (!checked && formik.errors.reminderTime) {
              void formik.setFieldValue('reminderTime', initialValues.reminderTime);
            }
          }}
        >
          {formik.values.emailReminders ? (
            <div className={formik.errors.reminderTime ? 'field field-invalid profile-reminder-time' : 'field profile-reminder-time'}>
              <label className="field-label" htmlFor="profile-reminder-time">
                Reminder time
              </label>
              <input
                id="profile-reminder-time"
                name="reminderTime"
                type="time"
                step={60}
                className="field-input"
                value={formik.values.reminderTime}
                onChange={formik.handleChange}
                onBlur={formik.handleBlur}
                aria-invalid={formik.errors.reminderTime ? true : undefined}
                aria-describedby={formik.errors.reminderTime ? 'profile-reminder-time-error' : undefined}
              />
              {formik.errors.reminderTime ? (
                <p className="field-error" id="profile-reminder-time-error">
                  {formik.errors.reminderTime}
                </p>
              ) : null}
            </div>
          ) : null}
        </ToggleRow>
        <ToggleRow
          id="profile-weekly-reports"
          name="weeklyReports"
          label="Weekly reports"
          description="A weekly summary email with your PDF report attached."
          checked={formik.values.weeklyReports}
          onChange={(checked) => void formik.setFieldValue('weeklyReports', checked)}
        />
      </div>
      <p className="text-muted text-sm profile-unsubscribe-note">
        Every reminder and weekly report email has a one-click unsubscribe link.
      </p>

      <div className="profile-timezone">
        <SelectField
          id="profile-time-zone"
          name="timeZone"
          label="Time zone"
          options={zones}
          value={formik.values.timeZone}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={formik.errors.timeZone}
          aria-describedby="profile-time-zone-hint"
        />
        <p className="field-hint" id="profile-time-zone-hint">
          Reminder times and weekly reports follow this time zone, and so do the times in your FHIR export.
        </p>
        {isOtherZone(browserZone, formik.values.timeZone) ? (
          <div className="profile-timezone-suggestion" role="note">
            <span className="text-sm">
              This browser is set to <strong>{browserZone}</strong>.
            </span>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => void formik.setFieldValue('timeZone', browserZone)}
            >
              {`Use ${browserZone}`}
            </button>
          </div>
        ) : null}
      </div>

      <div className="profile-guideline">
        <SelectField
          id="profile-guideline"
          name="guideline"
          label="Guideline"
          options={GUIDELINE_CHOICES}
          value={formik.values.guideline}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          aria-describedby="profile-guideline-hint"
        />
        <p className="field-hint" id="profile-guideline-hint">
          Your readings&apos; categories, very high readings and home averages are described in this guideline&apos;s terms,
          on every screen and in your reports and shared links. Choose the one your doctor uses.
        </p>
        <details className="profile-guideline-about disclosure">
          <summary>What each guideline says</summary>
          <ul>
            {GUIDELINES.map((g) => (
              <li key={g.code}>
                <strong>{g.name}</strong>: {g.categories.map((c) => c.label).join(', ')}. A reading is {g.severe.summary}. <span className="text-muted">{g.title}.</span>
              </li>
            ))}
          </ul>
        </details>
      </div>

      <div className="profile-actions">
        <SubmitButton pending={formik.isSubmitting} pendingLabel="Saving..." disabled={!formik.dirty}>
          Save preferences
        </SubmitButton>
      </div>
    </form>
  );
}
