import { Suspense, type ReactNode } from 'react';

/** A lazily loaded screen as a route's element: nothing shown until its chunk has arrived. */
export const later = (node: ReactNode) => <Suspense fallback={null}>{node}</Suspense>;
