import { useLayoutEffect, useRef, useState, type ChangeEvent, type ReactElement } from 'react';
import { useFormik } from 'formik';
import { Alert } from '../../../components/feedback/Alert';
import { Spinner } from '../../../components/feedback/Spinner';
import { CheckboxField } from '../../../components/form/CheckboxField';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextField } from '../../../components/form/TextField';
import { useFieldErrors } from '../../../components/form/useFieldErrors';
import { Icon } from '../../../components/icons/Icon';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api';
import { isConflict, isInvalid, mustWait } from '../../../lib/serverErrors';
import { createReport, reportDownloadUrl, reportViewUrl, type Report, type ReportType } from '../api/reportsApi';
import { formatIsoDate } from '../dates';
import {
  OFFERED_TYPES,
  REPORT_TYPE_LABELS,
  createReportSchema,
  defaultCreateValues,
  defaultReportName,
  reportMessages,
  reportTypeLabel,
  type CreateReportValues,
} from '../schemas';
import { SelectField } from '../../../components/form/SelectField';
import { FieldError } from '../../../components/form/FieldError';
import { useSteadyError } from '../../../components/form/useSteadyError';

/** Spec section 4: processing, then generated. */
export type GenerationState = { kind: 'idle' } | { kind: 'processing' } | { kind: 'generated'; report: Report };

type CreateField = keyof CreateReportValues;
const FIELD_OF_SERVER_KEY: Record<string, CreateField> = {
  name: 'name',
  type: 'type',
  dateStart: 'dateStart',
  dateEnd: 'dateEnd',
  include: 'includeAnalysis',
};

export interface CreateReportFormProps {
  /** Called with the new report once the server has generated it. */
  onGenerated: (report: Report) => void;
  /** "Email" on the success panel. */
  onEmail: (report: Report) => void;
}

export function CreateReportForm({ onGenerated, onEmail }: CreateReportFormProps): ReactElement {
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLHeadingElement>(null);
  const [state, setState] = useState<GenerationState>({ kind: 'idle' });
  const [failure, setFailure] = useState<string | null>(null);

  const formik = useFormik<CreateReportValues>({
    initialValues: defaultCreateValues(),
    validationSchema: createReportSchema,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      setState({ kind: 'processing' });
      try {
        // No userId: the server creates the report for the signed-in user.
        const report = await createReport({
          name: values.name.trim(),
          type: values.type as ReportType,
          dateStart: values.dateStart,
          dateEnd: values.dateEnd,
          includeCharts: values.includeCharts,
          includeTable: values.includeTable,
          includeAnalysis: values.includeAnalysis,
        });
        setState({ kind: 'generated', report });
        onGenerated(report);
        toast({ title: 'Report generated', description: `"${report.name}" is ready to view, download or email.` });
      } catch (error) {
        setState({ kind: 'idle' });
        const fieldErrors: Partial<Record<CreateField, string>> = {};
        if (isApiError(error)) {
          for (const [key, message] of Object.entries(error.fieldErrors)) {
            const field = FIELD_OF_SERVER_KEY[key];
            if (field) fieldErrors[field] = message;
          }
        }
        helpers.setErrors(fieldErrors);
        // Invalid names what to fix; a conflict (too many reports kept) and a wait (a report is
        // already being generated, or the server is busy) say what to do next.
        const detail =
          isApiError(error) && (isInvalid(error) || isConflict(error) || mustWait(error)) ? error.serverMessage : undefined;
        setFailure(detail ?? '');
        toast({ title: reportMessages.generateFailed, description: detail, variant: 'destructive' });
      }
    },
  });
  const fieldError = useFieldErrors(formik, formRef);

  useLayoutEffect(() => {
    if (state.kind === 'generated') successRef.current?.focus();
  }, [state]);

  const includesError = useSteadyError(fieldError('includeAnalysis'));

  /** Dates and type keep an untouched default name in step with them. */
  const changeKeepingName = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>): void => {
    const { name, value } = event.target;
    const { values } = formik;
    const previous = defaultReportName(values.type, values.dateStart, values.dateEnd);
    formik.handleChange(event);
    if (values.name === previous) {
      const next = { ...values, [name]: value };
      void formik.setFieldValue('name', defaultReportName(next.type, next.dateStart, next.dateEnd), false);
    }
  };

  if (state.kind === 'generated') {
    const { report } = state;
    return (
      <div className="report-generated">
        <Alert variant="success">
          <h3 ref={successRef} tabIndex={-1} className="report-generated-title">
            Report generated
          </h3>
          <p>
            <strong>{report.name}</strong>
          </p>
          {report.name === defaultReportName(report.type, report.dateStart, report.dateEnd) ? null : (
            <p>
              {reportTypeLabel(report.type)} · {formatIsoDate(report.dateStart)} – {formatIsoDate(report.dateEnd)}
            </p>
          )}
        </Alert>
        <div className="report-actions">
          <a className="btn btn-primary btn-sm" href={reportViewUrl(report.id)} target="_blank" rel="noopener noreferrer" aria-label={`View ${report.name} (opens in a new tab)`}>
            <Icon name="eye" size={18} />
            View
          </a>
          <a className="btn btn-secondary btn-sm" href={reportDownloadUrl(report.id)} target="_blank" rel="noopener noreferrer" aria-label={`Download ${report.name}`}>
            Download
          </a>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-label={`Email ${report.name}`}
            onClick={() => onEmail(report)}
          >
            <Icon name="mail" size={18} />
            Email
          </button>
        </div>
        <button
          type="button"
          className="link-button report-again"
          onClick={() => {
            formik.resetForm({ values: defaultCreateValues() });
            setState({ kind: 'idle' });
          }}
        >
          Create another report
        </button>
      </div>
    );
  }

  const processing = state.kind === 'processing';
  return (
    <form ref={formRef} className="form" noValidate onSubmit={formik.handleSubmit} aria-labelledby="create-report-heading" aria-busy={processing}>
      <fieldset className="report-fieldset" disabled={processing}>
        <legend className="visually-hidden">Report settings</legend>
        <TextField
          id="report-name"
          name="name"
          label="Report name"
          maxLength={200}
          value={formik.values.name}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={fieldError('name')}
        />
        <SelectField
          id="report-type"
          name="type"
          label="Report type"
          value={formik.values.type}
          onChange={changeKeepingName}
          onBlur={formik.handleBlur}
          error={fieldError('type')}
        >
          <option value="">Select a report type</option>
          {OFFERED_TYPES.map((code) => (
            <option key={code} value={code}>
              {REPORT_TYPE_LABELS[code]}
            </option>
          ))}
        </SelectField>
        <div className="report-dates">
          <TextField
            id="report-date-start"
            name="dateStart"
            type="date"
            label="Start date"
            value={formik.values.dateStart}
            onChange={changeKeepingName}
            onBlur={formik.handleBlur}
            error={fieldError('dateStart')}
          />
          <TextField
            id="report-date-end"
            name="dateEnd"
            type="date"
            label="End date"
            value={formik.values.dateEnd}
            onChange={changeKeepingName}
            onBlur={formik.handleBlur}
            error={fieldError('dateEnd')}
          />
        </div>
        <fieldset className="report-includes" aria-describedby={includesError ? 'report-includes-error' : undefined}>
          <legend className="field-label">Include</legend>
          <CheckboxField
            id="report-include-charts"
            name="includeCharts"
            label="Charts"
            checked={formik.values.includeCharts}
            onChange={formik.handleChange}
          />
          <CheckboxField
            id="report-include-table"
            name="includeTable"
            label="Table of readings"
            checked={formik.values.includeTable}
            onChange={formik.handleChange}
          />
          <CheckboxField
            id="report-include-analysis"
            name="includeAnalysis"
            label="Analysis"
            checked={formik.values.includeAnalysis}
            onChange={formik.handleChange}
          />
          <FieldError id="report-includes-error" error={includesError} />
        </fieldset>
      </fieldset>

      {processing ? (
        <div className="report-progress" role="status" aria-live="polite">
          <div className="report-progress-text">
            <Spinner size="sm" />
            <span>Generating your report… this can take a few seconds.</span>
          </div>
          <div className="report-progress-bar" aria-hidden="true">
            <span />
          </div>
        </div>
      ) : null}
      {failure !== null ? (
        <Alert variant="danger" role="alert" title={reportMessages.generateFailed}>
          {failure || undefined}
        </Alert>
      ) : null}

      <SubmitButton pending={processing} pendingLabel="Generating..." className="report-submit">
        Generate Report
      </SubmitButton>
    </form>
  );
}
