import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After moving to another screen, the keyboard and a screen reader start at its heading, as after
 * a page load: the page's h1 once it has rendered (some wait for their data), else the main region.
 * A change of query string only (a filter, a page of a list) is the same screen and keeps focus.
 */
export function useFocusOnNavigate(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (!main) return;
    const focus = (el: HTMLElement) => {
      if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
      el.focus({ preventScroll: true });
    };
    const typedInside = () => main.contains(document.activeElement) && document.activeElement !== main;
    const tryHeading = () => {
      const h1 = main.querySelector<HTMLElement>('h1');
      if (h1 && !typedInside()) focus(h1);
      return !!h1;
    };
    focus(main);
    if (tryHeading()) return;
    const seen = new MutationObserver(() => {
      if (tryHeading()) seen.disconnect();
    });
    seen.observe(main, { childList: true, subtree: true });
    const stop = window.setTimeout(() => seen.disconnect(), 10_000);
    return () => {
      seen.disconnect();
      window.clearTimeout(stop);
    };
  }, [pathname]);
}
