/**
 * The server side of cuffs: remembered (paired) cuffs, and saving what a cuff measured
 * (`POST /api/readings/from-device`, where the server checks each reading with the form's
 * rules and stores a reading already in the record only once).
 */
import useSWR from 'swr';
import { apiDelete, apiGet, apiPost, apiRequest } from '../../lib/api';
import type { CuffDto, CuffRequest, DeviceReadingRequest, FromDeviceResponse, ReadingFlag } from '../../lib/apiTypes';

export const CUFFS_KEY = '/api/cuffs';

/** A remembered cuff (Profile → Preferences). `id` is the browser's id for the device. */
export type Cuff = CuffDto;
export type { CuffRequest, ReadingFlag };
export type DeviceReading = DeviceReadingRequest;
export type DeviceAnswer = FromDeviceResponse;

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
