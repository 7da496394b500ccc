// The passport being edited: its identity (head) and data, what the user has seen of its problems,
// and the step shown. A stored passport, a model or an example (or pasted JSON) fills it.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { setAt } from '../contract-schema';
import { NOTHING_SEEN, type Seen } from './visible-issues';
import type { Section } from './progress';

export interface Head {
  gtin: string;
  serial: string;
  lot: string;
  category: string;
  battery_status: string;
}
export type Imported = Partial<Omit<Head, 'lot'>> & { data?: unknown; lot?: string | null };

const EMPTY_HEAD: Head = { gtin: '', serial: '', lot: '', category: 'ev', battery_status: 'original' };

export function useDraft(sections: Section[]) {
  const [head, setHead] = useState<Head>(EMPTY_HEAD);
  const [data, setData] = useState<unknown>({});
  const [seen, setSeen] = useState<Seen>(NOTHING_SEEN);
  const [step, setStep] = useState(0);
  const touch = (pointer: string) =>
    setSeen((s) => (s.touched.has(pointer) ? s : { ...s, touched: new Set(s.touched).add(pointer) }));
  /** Another step: the one left shows its problems from now on. */
  const goTo = (n: number) => {
    const left = sections[step]?.key;
    if (left && n !== step) setSeen((s) => ({ ...s, left: new Set(s.left).add(left) }));
    setStep(n);
  };
  /** A passport from elsewhere: its identity where the form may still change it, and its data. */
  const fill = useCallback((j: Imported, locked = false) => {
    if (!locked)
      setHead((h) => ({
        gtin: j.gtin ?? h.gtin,
        serial: j.serial ?? h.serial,
        lot: j.lot ?? h.lot,
        category: j.category ?? h.category,
        battery_status: j.battery_status ?? h.battery_status,
      }));
    if (j.data && typeof j.data === 'object') setData(j.data);
  }, []);
  const body = useMemo(
    () => ({
      gtin: head.gtin,
      serial: head.serial,
      ...(head.lot ? { lot: head.lot } : {}),
      category: head.category,
      battery_status: head.battery_status,
      data,
    }),
    [head, data],
  );
  return {
    head,
    data,
    body,
    seen,
    step,
    goTo,
    fill,
    setHeadField: (k: keyof Head, v: string) => {
      touch(`/${k}`);
      setHead((h) => ({ ...h, [k]: v }));
    },
    setField: (pointer: string[], v: unknown) => {
      touch(`/data/${pointer.join('/')}`);
      setData((d: unknown) => setAt(d, pointer, v));
    },
    /** A save was tried: every problem shows. */
    showAll: () => setSeen((s) => ({ ...s, all: true })),
  };
}

/** Fills the draft from a stored passport once it arrives. */
export function useFillFrom(source: Imported | undefined, fill: (j: Imported) => void) {
  useEffect(() => {
    if (source) fill(source);
  }, [source, fill]);
}
