import { api, ok } from '../../api/client';
import { LinkAction } from './LinkAction';

/** `/verify-email?token=…`, the link of the verification message. */
export function VerifyEmail() {
  return (
    <LinkAction
      texts={{
        title: 'account.verify.title',
        intro: 'account.verify.intro',
        button: 'account.verify.button',
        done: 'account.verify.done',
        again: 'account.verify.again',
      }}
      spend={(token) => ok(api.POST('/auth/verify-email', { body: { token } }))}
    />
  );
}

/** `/confirm-email?token=…`, the link sent to a new address; the account moves to it. */
export function ConfirmEmail() {
  return (
    <LinkAction
      texts={{
        title: 'account.confirmEmail.title',
        intro: 'account.confirmEmail.intro',
        button: 'account.confirmEmail.button',
        done: 'account.confirmEmail.done',
        again: 'account.confirmEmail.again',
      }}
      spend={(token) => ok(api.POST('/auth/email-change/confirm', { body: { token } }))}
    />
  );
}
