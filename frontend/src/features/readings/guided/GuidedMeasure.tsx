import { useRef, type ChangeEvent, type Dispatch, type ReactElement } from 'react';
import { useFormik, type FormikErrors, type FormikTouched } from 'formik';
import { useFieldErrors } from '../../../components/form/useFieldErrors';
import { SevereGuidance } from '../ui/SevereGuidance';
import { isSevere, useGuideline } from '../model/bpCategory';
import { BpInputs, HeartRateInput } from '../components/BpInputs';
import { guidedReadingSchema, type GuidedReadingValues } from '../schema';
import { BETWEEN_PHRASE, Countdown, CountdownAnnouncer, GuidedStepCard } from './GuidedPrepare';
import type { GuidedAction, GuidedReadingDraft } from './guidedSession';


export type ReadingErrors = Partial<Record<keyof GuidedReadingValues, string>>;

export interface MeasureProps {
  index: number;
  count: number;
  draft: GuidedReadingDraft;
  /** Seconds left of the pause before this reading; null when it has none. */
  waitRemaining: number | null;
  /** This reading is an extra one (beyond the minimum) not yet taken: it may be left out. */
  optional: boolean;
  /** The server's errors for this reading (from a failed save). */
  serverErrors: ReadingErrors;
  dispatch: Dispatch<GuidedAction>;
  headingRef: (el: HTMLHeadingElement | null) => void;
}

/** Step 3: one reading, after the pause that follows the one before it. */
export function GuidedMeasure(props: MeasureProps): ReactElement {
  const { index, count, waitRemaining, dispatch, headingRef } = props;
  const n = index + 1;
  const waiting = waitRemaining !== null && waitRemaining > 0;
  return (
    <>
      <CountdownAnnouncer remaining={waitRemaining} done={`Take reading ${n} now.`} />
      {waiting ? (
        <GuidedStepCard
          title={`Reading ${n} of ${count}`}
          headingRef={headingRef}
          actions={
            <button type="button" className="btn btn-secondary" onClick={() => dispatch({ type: 'skipWait', now: Date.now() })}>
              Measure now
            </button>
          }
        >
          <p>
            Wait {BETWEEN_PHRASE} between readings. Stay seated and relaxed, with the cuff on your arm.
          </p>
          <Countdown remaining={waitRemaining} label={`Reading ${n} in`} />
        </GuidedStepCard>
      ) : (
        <ReadingEntry {...props} />
      )}
    </>
  );
}

function ReadingEntry({ index, count, draft, optional, serverErrors, dispatch, headingRef }: MeasureProps): ReactElement {
  const n = index + 1;
  const formRef = useRef<HTMLFormElement>(null);
  const initialErrors: FormikErrors<GuidedReadingValues> = serverErrors;
  const initialTouched: FormikTouched<GuidedReadingValues> = Object.fromEntries(
    Object.keys(serverErrors).map((k) => [k, true]),
  );
  const formik = useFormik<GuidedReadingValues>({
    initialValues: { systolic: draft.systolic, diastolic: draft.diastolic, heartRate: draft.heartRate },
    initialErrors,
    initialTouched,
    validationSchema: guidedReadingSchema(),
    onSubmit: () => dispatch({ type: 'confirm', index, now: Date.now() }),
  });
  const fieldError = useFieldErrors(formik, formRef);

  const field = (name: keyof GuidedReadingValues) => ({
    name,
    value: formik.values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const values = { ...formik.values, [name]: event.target.value };
      void formik.setFieldValue(name, event.target.value);
      dispatch({ type: 'typed', index, values });
    },
    onBlur: formik.handleBlur,
    error: fieldError(name),
  });

  const { systolic, diastolic } = formik.values;
  const guideline = useGuideline();
  // Either number alone can be very high (the guideline's severe rule).
  const typed = (value: string, error: string | undefined): number | null => (value.trim() !== '' && !error ? Number(value) : null);
  const severe = isSevere(guideline, typed(systolic, formik.errors.systolic), typed(diastolic, formik.errors.diastolic));

  return (
    <form ref={formRef} noValidate onSubmit={formik.handleSubmit} aria-label={`Reading ${n}`}>
      <GuidedStepCard
        title={`Reading ${n} of ${count}`}
        headingRef={headingRef}
        actions={
          <>
            {optional ? (
              <button type="button" className="btn btn-secondary" onClick={() => dispatch({ type: 'dropReading' })}>
                Leave it at {index} readings
              </button>
            ) : null}
            <button type="submit" className="btn btn-primary">
              Confirm reading {n}
            </button>
          </>
        }
      >
        <p>Measure now, then enter what your monitor shows.</p>
        <div className="guided-fields">
          <BpInputs idPrefix={`guided-${index}`} systolic={field('systolic')} diastolic={field('diastolic')} />
          <HeartRateInput id={`guided-${index}-heart-rate`} className="guided-field-wide" label="Heart rate (bpm, optional)" {...field('heartRate')} />
        </div>
        {severe ? <SevereGuidance /> : null}
      </GuidedStepCard>
    </form>
  );
}
