import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A form component loaded with its module on first render: the forms use react-hook-form (about
 * 11.5 KiB brotli), which would otherwise ride in the first load of every screen
 * (test/web/first-load.test.ts). The screen around it, heading included, renders at once.
 */
export function lazyForm<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  return function LazyForm(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
