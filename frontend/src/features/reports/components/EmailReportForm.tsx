import { useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { useFormik } from 'formik';
import { Alert } from '../../../components/feedback/Alert';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextField } from '../../../components/form/TextField';
import { useFieldErrors } from '../../../components/form/useFieldErrors';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api';
import { isInvalid, isNotFound, isSubscriptionRequired, mustWait } from '../../../lib/serverErrors';
import { emailReport, type Report } from '../api/reportsApi';
import { formatIsoDate } from '../dates';
import {
  DEFAULT_EMAIL_SUBJECT,
  MESSAGE_MAX,
  defaultEmailValues,
  emailReportSchema,
  emailSubjectFor,
  reportMessages,
  type EmailReportValues,
} from '../schemas';
import { SelectField } from '../../../components/form/SelectField';
import { TextAreaField } from './fields';

/** A request from the list to email a report; `seq` makes a repeat click count again. */
export interface EmailSelection {
  reportId: number;
  seq: number;
}

type EmailField = keyof EmailReportValues;
const EMAIL_FIELDS: readonly EmailField[] = ['reportId', 'email', 'subject', 'message'];

export interface EmailReportFormProps {
  reports: Report[] | undefined;
  /** The list could not be loaded (the list card says so and offers a retry). */
  listFailed: boolean;
  selection: EmailSelection | null;
  /** The server no longer has the report (deleted elsewhere): refresh the list. */
  onReportMissing: () => void;
}

/** What the form says when sending failed. */
export function describeSendFailure(error: unknown): string {
  // A subscription is needed, or one of the caps (per user, per recipient, per hour) says to wait.
  if (isApiError(error) && (isSubscriptionRequired(error) || mustWait(error))) return error.serverMessage ?? reportMessages.sendFailed;
  return reportMessages.sendFailed;
}

export function EmailReportForm({ reports, listFailed, selection, onReportMissing }: EmailReportFormProps): ReactElement {
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<{ title: string; detail?: string | undefined } | null>(null);

  const formik = useFormik<EmailReportValues>({
    initialValues: defaultEmailValues,
    validationSchema: emailReportSchema,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      const email = values.email.trim();
      try {
        const answer = await emailReport({
          reportId: Number(values.reportId),
          email,
          subject: values.subject.trim(),
          message: values.message.trim(),
        });
        toast({ title: 'Report sent', description: answer?.message ?? `The report is on its way to ${email}.` });
        helpers.resetForm({ values: { ...values, email: '', message: '' } });
      } catch (error) {
        const title = describeSendFailure(error);
        let detail: string | undefined;
        if (isApiError(error)) {
          const fieldErrors: Partial<Record<EmailField, string>> = {};
          for (const [key, message] of Object.entries(error.fieldErrors)) {
            if ((EMAIL_FIELDS as readonly string[]).includes(key)) fieldErrors[key as EmailField] = message;
          }
          helpers.setErrors(fieldErrors);
          if (isInvalid(error)) detail = error.serverMessage;
          if (isNotFound(error)) {
            detail = 'That report no longer exists.';
            onReportMissing();
          }
        }
        setFailure({ title, detail });
        toast({ title, description: detail, variant: 'destructive' });
      }
    },
  });
  const fieldError = useFieldErrors(formik, formRef);
  const { setFieldValue } = formik;

  // A report picked from the list (or just generated) becomes the one to send.
  useEffect(() => {
    if (selection) void setFieldValue('reportId', String(selection.reportId));
  }, [selection, setFieldValue]);

  // The subject names the chosen report and its period, unless the person wrote their own:
  // their words are never replaced (the server still adds the period to a subject without it).
  const subjectRef = useRef<string>(DEFAULT_EMAIL_SUBJECT);
  const chosen = reports?.find((r) => String(r.id) === formik.values.reportId);
  const { subject } = formik.values;
  useEffect(() => {
    if (!chosen) return;
    const named = emailSubjectFor(chosen);
    if (subject === subjectRef.current && subject !== named) void setFieldValue('subject', named, false);
    subjectRef.current = named;
  }, [chosen, subject, setFieldValue]);

  // Default to the newest report; forget one that was deleted.
  const reportId = formik.values.reportId;
  useEffect(() => {
    if (!reports) return;
    const known = reports.some((r) => String(r.id) === reportId);
    // A just-generated report may be selected a moment before the list shows it.
    const pending = selection !== null && String(selection.reportId) === reportId;
    if (!known && !pending) void setFieldValue('reportId', reports[0] ? String(reports[0].id) : '', false);
  }, [reports, reportId, selection, setFieldValue]);

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const { email, subject } = formik.values;
    if (email.trim() === '') {
      toast({ title: reportMessages.recipientRequired, variant: 'destructive' });
    } else if (subject.trim() === '') {
      toast({ title: reportMessages.subjectRequiredOnSend, variant: 'destructive' });
    }
    formik.handleSubmit(event);
  };

  const noReports = reports !== undefined && reports.length === 0;
  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-labelledby="email-report-heading">
      {noReports ? (
        <Alert variant="info" role="note">
          Generate a report first; you can then email it from here.
        </Alert>
      ) : null}
      <SelectField
        id="email-report-select"
        name="reportId"
        label="Report"
        value={formik.values.reportId}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={fieldError('reportId')}
        disabled={!reports || noReports}
      >
        <option value="">{reports ? 'Select a report' : listFailed ? 'Reports could not be loaded' : 'Loading reports…'}</option>
        {(reports ?? []).map((r) => (
          <option key={r.id} value={String(r.id)}>
            {r.name} ({formatIsoDate(r.dateStart)} – {formatIsoDate(r.dateEnd)})
          </option>
        ))}
      </SelectField>
      <TextField
        id="email-recipient"
        name="email"
        type="email"
        label="Recipient email"
        placeholder="doctor@example.com"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        value={formik.values.email}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={fieldError('email')}
      />
      <TextField
        id="email-subject"
        name="subject"
        label="Subject"
        value={formik.values.subject}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={fieldError('subject')}
      />
      <TextAreaField
        id="email-message"
        name="message"
        label="Message (optional)"
        rows={4}
        maxLength={MESSAGE_MAX}
        hint="Sent above the attached PDF. Your name and email address are included so the recipient can reply."
        value={formik.values.message}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={fieldError('message')}
      />
      {failure ? (
        <Alert variant="danger" role="alert" title={failure.title}>
          {failure.detail}
        </Alert>
      ) : null}
      <SubmitButton pending={formik.isSubmitting} pendingLabel="Sending..." disabled={noReports} className="report-submit">
        Send Report
      </SubmitButton>
    </form>
  );
}
