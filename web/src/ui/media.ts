// The phone layout's breakpoint, shared by the stylesheet (`@media (max-width: 639px)` in
// styles.css) and the components that render differently below it (docs/dashboard.md, "Phone").
import { useSyncExternalStore } from 'react';

const PHONE = '(max-width: 639px)';

function subscribe(onChange: () => void) {
  const mq = window.matchMedia(PHONE);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

/** True below 640 px: the navigation and the code filters sit behind a button there. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(PHONE).matches);
}
