/**
 * The server side of cuffs: remembered (paired) cuffs, and saving what a cuff measured
 * (`POST /api/readings/from-device`, where the server checks each reading with the form's
 * rules and stores a reading already in the record only once).
 */
import useSWR from 'swr';
import { apiDelete, apiGet, apiPost, apiRequest } from '../../lib/api';
import type { ReadingFlag } from '../readings/model/readingFlags';

export type { ReadingFlag };

export const CUFFS_KEY = '/api/cuffs';

/** A remembered cuff (Profile → Preferences). `id` is the browser's id for the device. */
export interface Cuff {
  id: string;
  name: string;
  maker: string | null;
  model: string | null;
  userSlot: number | null;
  lastSyncAt: string | null;
  createdAt: string;
}

/** What the server keeps of a cuff; `userSlot` is the person's slot on a shared cuff. */
export interface CuffRequest {
  name: string;
  maker: string | null;
  model: string | null;
  userSlot: number | null;
}

export interface DeviceReading {
  date: string;
  time: string;
  systolic: number;
  diastolic: number;
  heartRate: number | null;
  flags: ReadingFlag[];
}

export interface DeviceResult {
  status: 'saved' | 'already' | 'refused';
  message?: string | null;
}

export interface DeviceAnswer {
  saved: number;
  already: number;
  refused: number;
  results: DeviceResult[];
}

export const fetchCuffs = (): Promise<Cuff[]> => apiGet<Cuff[]>(CUFFS_KEY);

export const saveCuff = (id: string, cuff: CuffRequest): Promise<Cuff> =>
  apiRequest<Cuff>('PUT', `${CUFFS_KEY}/${encodeURIComponent(id)}`, cuff);

export const forgetCuff = (id: string): Promise<unknown> => apiDelete<unknown>(`${CUFFS_KEY}/${encodeURIComponent(id)}`);

export const saveFromDevice = (cuff: { id: string } & Omit<CuffRequest, 'userSlot'>, readings: DeviceReading[]): Promise<DeviceAnswer> =>
  apiPost<DeviceAnswer>('/api/readings/from-device', {
    cuff: { id: cuff.id, name: cuff.name, maker: cuff.maker, model: cuff.model },
    readings,
  });

export function useCuffs(): { cuffs: Cuff[] | undefined; error: unknown; refresh: () => Promise<unknown> } {
  const { data, error, mutate } = useSWR<Cuff[]>(CUFFS_KEY, fetchCuffs);
  return { cuffs: data, error, refresh: () => mutate() };
}

/** "OMRON X4 Smart": maker and model as the cuff says, else the name it advertises. */
export function cuffLabel(cuff: { name: string; maker: string | null; model: string | null }): string {
  const made = [cuff.maker, cuff.model].filter((part): part is string => part !== null && part !== '').join(' ');
  return made === '' ? cuff.name : made;
}
