import { useQuery } from '@tanstack/react-query';
import { keys } from '../../keys';
import { validate } from './validate';

/** What the validator calls missing in an empty passport of a category: its required attributes (the contract's, fixed). */
export function usePassportRequired(category: string) {
  return useQuery({
    queryKey: keys.dppRequired(category),
    staleTime: 'static',
    queryFn: () => validate({ category, data: {} }),
  });
}
