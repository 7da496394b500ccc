import { useEffect, useRef, type ReactNode } from 'react';
import { LanguageSwitch } from '../../ui/Layout';
import './account.css';

/**
 * The card of the signed-out screens (log in, sign up, reset, the pages an e-mailed link opens).
 * `focusTitle` moves focus to the heading when a step replaces the one before, so a screen reader
 * announces where the user is now.
 */
export function AuthFrame({
  title,
  focusTitle,
  children,
}: {
  title: string;
  focusTitle?: boolean;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle, title]);
  return (
    <main id="main" className="auth">
      <div className="auth-card">
        <div className="auth-top">
          <span className="brand">qrs</span>
          <LanguageSwitch />
        </div>
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {children}
      </div>
    </main>
  );
}
