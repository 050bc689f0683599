import { useEffect, useLayoutEffect, useRef, useState, type ReactElement } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useFormik, type FormikErrors } from 'formik';
import { useSWRConfig } from 'swr';
import { Alert } from '../../../../components/feedback/Alert';
import { CheckboxField } from '../../../../components/form/CheckboxField';
import { SegmentedChoice } from '../../../../components/form/SegmentedChoice';
import { SubmitButton } from '../../../../components/form/SubmitButton';
import { TextField } from '../../../../components/form/TextField';
import { ToggleRow } from '../../../../components/form/ToggleRow';
import { FieldError } from '../../../../components/form/FieldError';
import { useFieldErrors } from '../../../../components/form/useFieldErrors';
import { useSteadyError } from '../../../../components/form/useSteadyError';
import { CHECK_CONNECTION } from '../../../medications/ui/useMedicationWrite';
import { useToast } from '../../../../components/toast';
import { isApiError } from '../../../../lib/api';
import { firstDayOfLastDays, formatDate, isoDateIn } from '../../../../lib/dates';
import { useTimeZone } from '../../../../lib/preferences';
import { COMMON_MESSAGES } from '../../../../lib/rules';
import { isSubscriptionRequired, pickFieldErrors } from '../../../../lib/serverErrors';
import { displayName, useSessionUser } from '../../../../lib/session';
import { PLAN_PRICE, SUBSCRIPTION_KEY } from '../../../../lib/subscription';
import { createShare, type CreatedShareDto } from '../../api/shares';
import {
  ACCESS_CODE_MAX,
  INCLUDES,
  LIFETIME_CHOICES,
  PERIOD_CHOICES,
  SHARE_FIELDS,
  SHARE_TEXT_MAX,
  defaultShareValues,
  shareMessages,
  shareFieldErrors,
  shareRequestOf,
  shareSchema,
  type ShareValues,
} from '../../shareSchema';

export const EMAIL_NEEDS_SUBSCRIPTION = `Emailing the link needs an active subscription (${PLAN_PRICE}).`;

type Failure = { title: string; detail?: string | undefined; subscribe?: boolean };

/** Why creating failed, as the form and its toast say it. */
function failureOf(error: unknown): Failure {
  if (!isApiError(error)) return { title: shareMessages.createFailed, detail: CHECK_CONNECTION };
  if (isSubscriptionRequired(error)) {
    return { title: COMMON_MESSAGES.subscriptionRequired, detail: error.serverMessage ?? EMAIL_NEEDS_SUBSCRIPTION, subscribe: true };
  }
  // 400 names what to fix; 409 (20 active shares) and 429 (the email caps) what to do next.
  return { title: shareMessages.createFailed, detail: error.serverMessage ?? CHECK_CONNECTION };
}

export interface ShareFormProps {
  onCreated: (created: CreatedShareDto) => void;
  onCancel: () => void;
}

/** New share: its label and shown name, the period, what it shows, how long, a code, an email. */
export function ShareForm({ onCreated, onCancel }: ShareFormProps): ReactElement {
  const { toast } = useToast();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const formRef = useRef<HTMLFormElement>(null);
  const { user } = useSessionUser();
  // The owner's today, as the server reckons a share's days.
  const timeZone = useTimeZone();
  const today = isoDateIn(timeZone);
  const [failure, setFailure] = useState<Failure | null>(null);

  const formik = useFormik<ShareValues>({
    initialValues: defaultShareValues(user ? displayName(user) : '', today),
    validationSchema: shareSchema(today),
    onSubmit: async (values, helpers) => {
      setFailure(null);
      try {
        const created = await createShare(shareRequestOf(values));
        toast({
          title: 'Share created',
          description: created.share.emailedTo
            ? `The link is on its way to ${created.share.emailedTo}.`
            : 'Copy the link or show its QR code now.',
        });
        onCreated(created);
      } catch (error) {
        helpers.setErrors(shareFieldErrors(pickFieldErrors(error, SHARE_FIELDS)) as FormikErrors<ShareValues>);
        const next = failureOf(error);
        setFailure(next);
        toast({
          title: next.title,
          description: next.detail,
          variant: 'destructive',
          ...(next.subscribe
            ? { action: { label: 'Subscribe Now', onClick: () => navigate('/profile#profile-subscription') } }
            : {}),
        });
        if (next.subscribe) void mutate(SUBSCRIPTION_KEY);
      }
    },
  });
  const fieldError = useFieldErrors(formik, formRef);
  const { setFieldValue } = formik;

  useLayoutEffect(() => {
    document.getElementById('share-label')?.focus();
  }, []);

  // The user may arrive after the form opened: their name then fills the field, once, unless typed.
  const prefilled = useRef(user !== undefined);
  const shownName = formik.values.shownName;
  useEffect(() => {
    if (prefilled.current || !user) return;
    prefilled.current = true;
    if (shownName === '') void setFieldValue('shownName', displayName(user), false);
  }, [user, shownName, setFieldValue]);

  const periodError = useSteadyError(fieldError('period'));
  const lifetimeError = useSteadyError(fieldError('lifetimeDays'));
  const { period, rolling } = formik.values;
  const pending = formik.isSubmitting;
  const fixedFrom = period === 'since' ? '' : firstDayOfLastDays(Number(period), new Date(`${today}T12:00:00`));

  return (
    <form ref={formRef} className="form share-form" noValidate onSubmit={formik.handleSubmit} aria-labelledby="share-form-title" aria-busy={pending}>
      <h3 id="share-form-title" className="share-subtitle">
        New share
      </h3>
      <fieldset className="report-fieldset" disabled={pending}>
        <legend className="visually-hidden">Share settings</legend>
        <TextField
          id="share-label"
          name="label"
          label="Label"
          hint="For you only, e.g. “Dr Patel, January visit”."
          maxLength={SHARE_TEXT_MAX}
          autoComplete="off"
          value={formik.values.label}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={fieldError('label')}
        />
        <TextField
          id="share-shown-name"
          name="shownName"
          label="Name your clinician sees"
          hint="Shown at the top of the record: “Health record of …”."
          maxLength={SHARE_TEXT_MAX}
          autoComplete="name"
          value={formik.values.shownName}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={fieldError('shownName')}
        />

        <fieldset className="share-group" aria-describedby={periodError ? 'share-period-error' : undefined}>
          <legend className="field-label">Period</legend>
          <SegmentedChoice
            name="period"
            options={PERIOD_CHOICES}
            value={period}
            disabled={pending}
            onChange={(value) => void setFieldValue('period', value)}
          />
          <FieldError id="share-period-error" error={periodError} />
          {period === 'since' ? (
            <TextField
              id="share-from"
              name="from"
              type="date"
              label="First day"
              hint="Up to the day the link is opened."
              max={today}
              value={formik.values.from}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              error={fieldError('from')}
            />
          ) : (
            <ToggleRow
              id="share-rolling"
              name="rolling"
              label="Keep it up to date"
              description={
                rolling
                  ? `Shows the last ${period} days as of the day the link is opened.`
                  : `Shows ${formatDate(fixedFrom)} – ${formatDate(today)}, whenever it is opened.`
              }
              checked={rolling}
              disabled={pending}
              onChange={(checked) => void setFieldValue('rolling', checked)}
            />
          )}
        </fieldset>

        <fieldset className="share-group report-includes">
          <legend className="field-label">What it shows</legend>
          <CheckboxField id="share-include-bp" label="Blood pressure (always)" checked disabled readOnly />
          {INCLUDES.map(({ name, label }) => (
            <CheckboxField
              key={name}
              id={`share-${name}`}
              name={name}
              label={label}
              checked={formik.values[name]}
              onChange={formik.handleChange}
            />
          ))}
        </fieldset>

        <fieldset className="share-group" aria-describedby={lifetimeError ? 'share-lifetime-error' : undefined}>
          <legend className="field-label">Link works for</legend>
          <SegmentedChoice
            name="lifetimeDays"
            options={LIFETIME_CHOICES}
            value={formik.values.lifetimeDays}
            disabled={pending}
            onChange={(value) => void setFieldValue('lifetimeDays', value)}
          />
          <FieldError id="share-lifetime-error" error={lifetimeError} />
        </fieldset>

        <TextField
          id="share-access-code"
          name="accessCode"
          label="Access code (optional)"
          hint="At least 6 characters, no spaces. Tell it to your clinician yourself, not in the same message as the link."
          maxLength={ACCESS_CODE_MAX}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={formik.values.accessCode}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={fieldError('accessCode')}
        />
        <TextField
          id="share-email"
          name="email"
          type="email"
          label="Email the link to (optional)"
          hint="Your clinician's address. Needs an active subscription."
          placeholder="doctor@example.com"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={formik.values.email}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={fieldError('email')}
        />
      </fieldset>

      {failure ? (
        <Alert variant="danger" role="alert" title={failure.title}>
          {failure.detail ? <p>{failure.detail}</p> : null}
          {failure.subscribe ? (
            <Link className="btn btn-danger btn-sm" to="/profile#profile-subscription">
              Subscribe Now
            </Link>
          ) : null}
        </Alert>
      ) : null}

      <div className="share-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
        <SubmitButton className="report-submit" pending={pending} pendingLabel="Creating...">
          Create link
        </SubmitButton>
      </div>
    </form>
  );
}
