import { useEffect, useMemo, useState } from 'react';
import { useAccountWrites } from '../../api/hooks/account';
import { useI18n } from '../../i18n/i18n';
import { CopyButton, Field, ProblemAlert, useSubmit } from '../../ui/forms';
import { useFocusOnMount } from './focus';

interface Enrolment {
  secret: string;
  otpauth_uri: string;
  qr_svg: string;
}

/** The QR code our renderer drew, shown as an <img> of a blob: URL (the CSP keeps SVG out of the DOM). */
function QrOf({ svg, alt }: { svg: string; alt: string }) {
  const url = useMemo(() => URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' })), [svg]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <img src={url} alt={alt} className="totp-qr" width={200} height={200} />;
}

/** Step two: scan (or type the key), then prove it with the app's first code. */
function ScanAndConfirm({ enrolment, onEnabled }: { enrolment: Enrolment; onEnabled: (codes: string[]) => void }) {
  const { t } = useI18n();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const account = useAccountWrites();
  const [code, setCode] = useState('');
  const confirm = useSubmit(async () => {
    const r = await account.confirmTwoFactor(code.replace(/\s+/g, ''));
    onEnabled(r.recovery_codes);
  });
  return (
    <div data-testid="totp-enrolment">
      <h3 ref={heading} tabIndex={-1}>
        {t('account.twofa.scanTitle')}
      </h3>
      <p>{t('account.twofa.scan')}</p>
      <QrOf svg={enrolment.qr_svg} alt={t('account.twofa.qrAlt')} />
      <p>{t('account.twofa.manual')}</p>
      <p className="account-actions">
        <code className="totp-secret" data-testid="totp-secret">
          {enrolment.secret}
        </code>
        <CopyButton text={enrolment.secret} label={t('account.twofa.copySecret')} />
      </p>
      <details>
        <summary>{t('account.twofa.uri')}</summary>
        <code className="totp-secret" data-testid="otpauth-uri">
          {enrolment.otpauth_uri}
        </code>
      </details>
      <ProblemAlert problem={confirm.problem} fields={confirm.fields} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void confirm.run();
        }}
        noValidate
      >
        <Field
          label={t('account.twofa.code')}
          pointer="/code"
          errors={confirm.fields}
          hint={t('account.twofa.codeHint')}
        >
          {(p) => (
            <input
              {...p}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              required
            />
          )}
        </Field>
        <button className="btn btn-primary" disabled={confirm.busy}>
          {t('account.twofa.turnOn')}
        </button>
      </form>
    </div>
  );
}

/**
 * Two-factor sign-in is off: start enrolment with the password (a new secret each time), then
 * confirm it. The server asks for the password so that a session alone cannot bind an app.
 */
export function TwoFactorEnrol({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { t } = useI18n();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [password, setPassword] = useState('');
  const account = useAccountWrites();
  const start = useSubmit(async () => setEnrolment(await account.enrolTwoFactor(password)));
  if (enrolment) return <ScanAndConfirm enrolment={enrolment} onEnabled={onEnabled} />;
  return (
    <div>
      <p>{t('account.twofa.offText')}</p>
      <ProblemAlert problem={start.problem} fields={start.fields} />
      <form
        className="narrow"
        onSubmit={(e) => {
          e.preventDefault();
          void start.run();
        }}
        noValidate
      >
        <Field
          label={t('account.twofa.password')}
          pointer="/password"
          errors={start.fields}
          hint={t('account.twofa.passwordHint')}
        >
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
          )}
        </Field>
        <button className="btn btn-primary" disabled={start.busy}>
          {t('account.twofa.setUp')}
        </button>
      </form>
    </div>
  );
}
