import { useQuery } from '@tanstack/react-query';
import { useWsKeys } from '../scope';
import { validate } from './validate';

/**
 * The server's validator on a draft, as the user types (the last answer kept while the next loads).
 * Its verdict is a function of the draft alone (POST /v1/dpp/validate reads no stored data), so a
 * write's refresh of every query skips it (`'static'`).
 */
export function usePassportCheck(draft: unknown) {
  return useQuery({
    queryKey: useWsKeys().passports.validation(draft),
    queryFn: () => validate(draft),
    placeholderData: (prev) => prev,
    staleTime: 'static',
  });
}
