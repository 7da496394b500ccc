// A passport's dynamic readings (state of health, charge, cycles…): the history and uploads.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, ok, type Schemas } from '../client';
import { useInvalidate, useWsKeys } from './scope';

export type PassportReading = Schemas['PassportReading'];
export type ReadingInput = Pick<PassportReading, 'attribute' | 'value' | 'measured_at'>;

/** The newest 100 readings of one attribute, newest recorded first. */
export function usePassportReadings(id: string, attribute: PassportReading['attribute']) {
  return useQuery({
    queryKey: useWsKeys().passports.readings(id, attribute),
    queryFn: () => ok(api.GET('/v1/dpp/{id}/readings', { params: { path: { id }, query: { attribute, limit: 100 } } })),
  });
}

/** Recording readings makes a new passport version: the passport, its versions and readings again. */
export function usePassportReadingWrites() {
  const invalidate = useInvalidate();
  return useMemo(
    () => ({
      record: async (id: string, readings: ReadingInput[]) => {
        await ok(api.POST('/v1/dpp/{id}/readings', { params: { path: { id } }, body: { readings } }));
        await invalidate();
      },
    }),
    [invalidate],
  );
}
