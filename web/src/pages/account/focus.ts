import { useEffect, useRef } from 'react';

/** A ref whose element takes focus when it mounts: the heading or first field of a new step. */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
