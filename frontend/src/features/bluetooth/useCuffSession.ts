/**
 * One visit's connection to a cuff, for the panel: choose or reconnect, receive, save. The
 * rules for each record are `cuffSession.ts`'s; the Bluetooth calls `cuffLink.ts`'s.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { isNetworkError } from '../../lib/api';
import { useRefreshReadings } from '../readings/api/readings';
import { decodeCuffPressure, quirksOf } from './bpMeasurement';
import { type CuffInfo, CuffLink, chooseCuff, clockOffsetMinutes, knownCuffs } from './cuffLink';
import {
  type CuffItem,
  type SessionContext,
  afterAnswer,
  afterFailure,
  itemOf,
  nextBatch,
  withSlot,
} from './cuffSession';
import { CUFFS_KEY, type Cuff, fetchCuffs, saveCuff, saveFromDevice } from './cuffsApi';

export type Phase =
  /** Nothing asked yet. */
  | 'idle'
  /** The browser's chooser is open. */
  | 'choosing'
  | 'connecting'
  /** Connected, subscribed: readings arrive as the cuff sends them. */
  | 'connected'
  /** The cuff went away (most do after sending); waiting for it to advertise again. */
  | 'disconnected'
  | 'failed';

export interface CuffIdentity {
  id: string;
  name: string;
  maker: string | null;
  model: string | null;
}

export interface CuffSessionState {
  phase: Phase;
  error: string | null;
  cuff: CuffIdentity | null;
  info: CuffInfo | null;
  /** The cuff's clock offset at connection, in minutes (positive: ahead). */
  clockOffset: number | null;
  /** The cuff pressure while it inflates, mmHg; null when not inflating. */
  pressure: number | null;
  items: CuffItem[];
  /** The person's slot on this cuff, once known. */
  userSlot: number | null;
  /** Whether the browser will tell us when the cuff wakes up again. */
  watching: boolean;
}

const INITIAL: CuffSessionState = {
  phase: 'idle',
  error: null,
  cuff: null,
  info: null,
  clockOffset: null,
  pressure: null,
  items: [],
  userSlot: null,
  watching: false,
};

/** What a failed Bluetooth call means for the person. */
function bluetoothError(error: unknown): string | null {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotFoundError') return null; // The person closed the chooser.
  if (name === 'SecurityError') return 'This page may not use Bluetooth. Open Vitalog at its https:// (or localhost) address.';
  if (name === 'NotAllowedError') return 'Bluetooth permission was refused. Allow it in the browser and try again.';
  if (name === 'NetworkError') return 'The cuff could not be reached. Wake it (press its Bluetooth button) and try again.';
  return error instanceof Error && error.message ? `The cuff could not be read: ${error.message}` : 'The cuff could not be read.';
}

export interface CuffSession extends CuffSessionState {
  /** Connect: to a remembered cuff without the chooser where possible, else through it. */
  connect: (choose?: boolean) => Promise<void>;
  chooseSlot: (slot: number) => Promise<void>;
  retry: () => void;
  disconnect: () => void;
}

export function useCuffSession(): CuffSession {
  const [state, setState] = useState<CuffSessionState>(INITIAL);
  // The one source of truth, changed synchronously: a burst's values and the answers to its
  // batches interleave, and each must see the others' changes at once (React applies state
  // updates later). The rendered state is a copy of it.
  const stateRef = useRef(state);
  const link = useRef<CuffLink | null>(null);
  const nextKey = useRef(1);
  const ctx = useRef<SessionContext | null>(null);
  const saving = useRef(false);
  const refreshReadings = useRefreshReadings();
  const { mutate } = useSWRConfig();

  const update = useCallback((change: (s: CuffSessionState) => CuffSessionState) => {
    const next = change(stateRef.current);
    stateRef.current = next;
    setState(next);
  }, []);

  // Saves what waits, one batch at a time; each answer may leave more to send.
  const flush = useCallback(async (): Promise<void> => {
    if (saving.current) return;
    const { cuff, items } = stateRef.current;
    const batch = nextBatch(items);
    if (!cuff || batch.length === 0) return;
    saving.current = true;
    try {
      const readings = batch.flatMap((item) => (item.reading ? [item.reading] : []));
      const answer = await saveFromDevice(cuff, readings);
      update((s) => ({ ...s, items: afterAnswer(s.items, batch, answer) }));
      if (answer.saved > 0) void refreshReadings();
      void mutate(CUFFS_KEY);
    } catch (error) {
      const reason = isNetworkError(error)
        ? 'Not saved yet: your Vitalog server could not be reached. It is sent again when you press Try again.'
        : `Not saved yet: ${error instanceof Error ? error.message : 'the server refused the request'}.`;
      update((s) => ({ ...s, items: afterFailure(s.items, batch, reason) }));
      return;
    } finally {
      saving.current = false;
    }
    if (nextBatch(stateRef.current.items).some((i) => i.state.kind === 'saving')) void flush();
  }, [mutate, refreshReadings, update]);

  // A burst arrives as many values in a few hundred milliseconds: save them together.
  const flushTimer = useRef<number | null>(null);
  const scheduleFlush = useCallback(() => {
    if (flushTimer.current !== null) return;
    flushTimer.current = window.setTimeout(() => {
      flushTimer.current = null;
      void flush();
    }, 250);
  }, [flush]);

  const received = useCallback(
    (data: Uint8Array) => {
      const context = ctx.current;
      if (!context) return;
      const item = itemOf(nextKey.current, data, { ...context, userSlot: stateRef.current.userSlot });
      nextKey.current += 1;
      update((s) => ({ ...s, pressure: null, items: [...s.items, item] }));
      if (item.state.kind === 'saving') scheduleFlush();
    },
    [scheduleFlush, update],
  );

  const attach = useCallback(
    async (device: BluetoothDevice, remembered: Cuff | undefined): Promise<void> => {
      link.current?.close();
      const current = new CuffLink(device, {
        onMeasurement: received,
        onCuffPressure: (data) => {
          const p = decodeCuffPressure(data);
          if (p.ok) update((s) => ({ ...s, pressure: p.value }));
        },
        onDisconnected: () => {
          update((s) => ({ ...s, phase: 'disconnected', pressure: null }));
          // Most cuffs drop the link after sending; reconnect when this one wakes again.
          void current
            .watch(() => {
              if (link.current === current) void reconnect(current, remembered);
            })
            .then((watching) => update((s) => ({ ...s, watching })));
        },
      });
      link.current = current;
      await reconnect(current, remembered);
    },
    // `reconnect` is declared below and stable through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [received, update],
  );

  const reconnect = async (current: CuffLink, remembered: Cuff | undefined): Promise<void> => {
    const device = current.device;
    update((s) => ({
      ...s,
      phase: 'connecting',
      error: null,
      cuff: s.cuff?.id === device.id ? s.cuff : { id: device.id, name: device.name ?? 'Blood pressure cuff', maker: null, model: null },
      userSlot: s.cuff?.id === device.id ? s.userSlot : remembered?.userSlot ?? null,
    }));
    // The context must exist before subscribing: the burst starts at once.
    const connectedAt = new Date();
    ctx.current = {
      quirks: quirksOf(remembered?.maker ?? null, remembered?.model ?? null, device.name ?? null),
      connectedAt,
      clockOffsetMinutes: null,
      userSlot: null,
      now: () => new Date(),
    };
    try {
      const info = await current.connect();
      const offset = clockOffsetMinutes(info.clockWas, connectedAt);
      ctx.current = { ...ctx.current, quirks: quirksOf(info.maker, info.model, device.name ?? null), clockOffsetMinutes: offset };
      const identity: CuffIdentity = {
        id: device.id,
        name: (device.name ?? '').slice(0, 100) || 'Blood pressure cuff',
        maker: info.maker,
        model: info.model,
      };
      update((s) => ({ ...s, phase: 'connected', info, clockOffset: offset, cuff: identity, watching: false }));
      await saveCuff(identity.id, {
        name: identity.name,
        maker: identity.maker,
        model: identity.model,
        userSlot: stateRef.current.userSlot,
      }).catch(() => undefined);
      void mutate(CUFFS_KEY);
    } catch (error) {
      if (link.current !== current) return;
      update((s) => ({ ...s, phase: 'failed', error: bluetoothError(error) ?? 'The cuff could not be read.' }));
    }
  };

  const connect = useCallback(
    async (choose = false): Promise<void> => {
      const remembered = await fetchCuffs().catch(() => [] as Cuff[]);
      if (!choose) {
        const known = await knownCuffs();
        const device = known.find((d) => remembered.some((c) => c.id === d.id));
        if (device) {
          await attach(device, remembered.find((c) => c.id === device.id));
          return;
        }
      }
      update((s) => ({ ...s, phase: 'choosing', error: null }));
      let device: BluetoothDevice;
      try {
        device = await chooseCuff();
      } catch (error) {
        const message = bluetoothError(error);
        update((s) => ({ ...s, phase: message ? 'failed' : 'idle', error: message }));
        return;
      }
      await attach(device, remembered.find((c) => c.id === device.id));
    },
    [attach, update],
  );

  const chooseSlot = useCallback(
    async (slot: number): Promise<void> => {
      update((s) => ({ ...s, userSlot: slot, items: withSlot(s.items, slot) }));
      const cuff = stateRef.current.cuff;
      if (cuff) {
        await saveCuff(cuff.id, { name: cuff.name, maker: cuff.maker, model: cuff.model, userSlot: slot }).catch(() => undefined);
        void mutate(CUFFS_KEY);
      }
      void flush();
    },
    [flush, mutate, update],
  );

  const retry = useCallback(() => void flush(), [flush]);

  const disconnect = useCallback(() => {
    link.current?.close();
    link.current = null;
    update((s) => ({ ...s, phase: 'idle', pressure: null, watching: false }));
  }, [update]);

  const flushNow = useRef(flush);
  flushNow.current = flush;
  useEffect(
    () => () => {
      link.current?.close();
      // Leaving the page does not drop what arrived: what waits is sent now.
      if (flushTimer.current !== null) {
        window.clearTimeout(flushTimer.current);
        void flushNow.current();
      }
    },
    [],
  );

  // Readings not yet sent are tried again when the connection comes back.
  useEffect(() => {
    const online = (): void => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);

  return { ...state, connect, chooseSlot, retry, disconnect };
}
