/**
 * Medications (issue 16): the API calls of `/api/medications` and the SWR hooks the
 * medications pages, the dashboard's doses card and the blood pressure chart share. The
 * server writes every label ("10 mg, twice a day (08:00, 20:00)"), counts adherence and
 * averages the readings around a change; the client shows what it sends.
 */
import useSWR, { useSWRConfig, type KeyedMutator } from 'swr';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../../lib/api';
import type {
  AsNeededLogDto,
  DoseDto,
  DosesAnswerDto,
  IntakeDto,
  MedicationDetailDto,
  MedicationDto,
  MedicationEventDto,
  MedicationsAnswerDto,
} from '../../../lib/apiTypes';
import type { Frequency, MedicationForm, StrengthUnit } from '../model/medicationCodes';

export type Medication = MedicationDto;
export type DosePeriod = Medication['periods'][number];
export type MedicationEvent = MedicationEventDto;
export type MedicationDetail = MedicationDetailDto;
export type Effect = MedicationDetail['effects'][number];
export type BpAverage = NonNullable<Effect['before']>;
export type Adherence = MedicationDetail['adherence'];
export type Dose = DoseDto;
export type AsNeededLog = AsNeededLogDto;
export type DosesAnswer = DosesAnswerDto;
export type Intake = IntakeDto;

export const MEDICATIONS_KEY = '/api/medications';
export const DOSES_URL = `${MEDICATIONS_KEY}/doses`;

export const medicationUrl = (id: number): string => `${MEDICATIONS_KEY}/${id}`;

/** The doses of a day (`null`: today, in the user's time zone as the server reckons it). */
export const dosesUrl = (date: string | null): string => (date ? `${DOSES_URL}?date=${date}` : DOSES_URL);

/** A dose as the forms send it: `POST /api/medications/{id}/changes`, and part of a new medication. */
export interface DoseRequest {
  strength: number;
  unit: StrengthUnit;
  frequency: Frequency;
  /** Sorted `HH:MM`, as many as the frequency takes. */
  times: string[];
  startDate: string;
}

/** `POST /api/medications`. */
export interface NewMedicationRequest extends DoseRequest {
  name: string;
  form: MedicationForm;
  endDate?: string | null;
  reason?: string | null;
  reminders?: boolean;
  /** Taken to lower blood pressure (absent: not). */
  forBloodPressure?: boolean;
}

/**
 * `PATCH /api/medications/{id}`: any of these (`endDate: null` restarts a stopped one;
 * `reason: ''` clears the reason, while `null` leaves it as it is).
 */
export type MedicationChanges = Partial<{
  name: string;
  form: MedicationForm;
  reason: string | null;
  reminders: boolean;
  forBloodPressure: boolean;
  endDate: string | null;
}> &
  Partial<DoseRequest>;

/** `POST /api/medications/{id}/intakes`. */
export interface IntakeRequest {
  date: string;
  time: string;
  status: 'taken' | 'skipped';
  reason?: string | null;
}

export const createMedication = (body: NewMedicationRequest): Promise<Medication> =>
  apiPost<Medication>(MEDICATIONS_KEY, body);
export const updateMedication = (id: number, body: MedicationChanges): Promise<Medication> =>
  apiPatch<Medication>(medicationUrl(id), body);
export const changeDose = (id: number, body: DoseRequest): Promise<Medication> =>
  apiPost<Medication>(`${medicationUrl(id)}/changes`, body);
export const deleteMedication = (id: number): Promise<unknown> => apiDelete<unknown>(medicationUrl(id));

export const recordIntake = (medicationId: number, body: IntakeRequest): Promise<Intake> =>
  apiPost<Intake>(`${medicationUrl(medicationId)}/intakes`, body);
export const undoIntake = (medicationId: number, intakeId: number): Promise<unknown> =>
  apiDelete<unknown>(`${medicationUrl(medicationId)}/intakes/${intakeId}`);
/** Marks every dose of `date` still due as taken; answers the day as `GET` does. */
export const markAllTaken = (date: string): Promise<DosesAnswer> => apiPost<DosesAnswer>(DOSES_URL, { date, status: 'taken' });

/**
 * A medication answer cached by another screen may predate a write made since (only the keys
 * on screen are fetched again after one): show it, and fetch it again, when shown.
 */
const REVALIDATE_ON_MOUNT = { revalidateOnMount: true } as const;

export interface FetchState<T> {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  mutate: KeyedMutator<T>;
}

/** True when the answer lists a medication taken now (the dashboard then shows the day's doses). */
export const hasCurrentMedication = (answer: MedicationsAnswerDto | undefined): boolean =>
  answer?.medications.some((m) => m.current) ?? false;

/** Every medication (current first, then by name) and the chart's events (oldest first). */
export function useMedications(): FetchState<MedicationsAnswerDto> {
  const { data, error, isLoading, mutate } = useSWR<MedicationsAnswerDto>(
    MEDICATIONS_KEY,
    (url: string) => apiGet<MedicationsAnswerDto>(url),
    REVALIDATE_ON_MOUNT,
  );
  return { data, error: error as unknown, isLoading, mutate };
}

/** One medication with its effects and adherence (`id` null: nothing is fetched). */
export function useMedication(id: number | null): FetchState<MedicationDetail> {
  const { data, error, isLoading, mutate } = useSWR<MedicationDetail>(
    id === null ? null : medicationUrl(id),
    (url: string) => apiGet<MedicationDetail>(url),
    REVALIDATE_ON_MOUNT,
  );
  return { data, error: error as unknown, isLoading, mutate };
}

/** The scheduled doses and as-needed logs of a day (`null`: today). */
export function useDoses(date: string | null, enabled = true): FetchState<DosesAnswer> {
  const { data, error, isLoading, mutate } = useSWR<DosesAnswer>(
    enabled ? dosesUrl(date) : null,
    (url: string) => apiGet<DosesAnswer>(url),
    { ...REVALIDATE_ON_MOUNT, keepPreviousData: true },
  );
  return { data, error: error as unknown, isLoading, mutate };
}

const isMedicationsKey = (key: unknown): boolean => typeof key === 'string' && key.startsWith(MEDICATIONS_KEY);

/**
 * After any write: the medication answers on screen (the list, a medication's effects and
 * adherence, a day's doses) are fetched again, keeping what they show meanwhile (the doses
 * card does not blink away). The others are fetched again when next shown: every
 * medication hook revalidates on mount (`REVALIDATE_ON_MOUNT`).
 */
export function useRefreshMedications(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return async () => {
    await mutate(isMedicationsKey);
  };
}

/** The current medications (the list is current first). */
export const currentOf = (medications: ReadonlyArray<Medication>): Medication[] => medications.filter((m) => m.current);

/** The latest period: the current dose, or the last one of a stopped medication. */
export function latestPeriod(medication: Medication): DosePeriod | undefined {
  return medication.periods[medication.periods.length - 1];
}
