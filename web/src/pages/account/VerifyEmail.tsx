import { useAccountWrites } from '../../api/hooks/account';
import { LinkAction } from './LinkAction';

/** `/verify-email?token=…`, the link of the verification message. */
export function VerifyEmail() {
  const account = useAccountWrites();
  return (
    <LinkAction
      texts={{
        title: 'account.verify.title',
        intro: 'account.verify.intro',
        button: 'account.verify.button',
        done: 'account.verify.done',
        again: 'account.verify.again',
      }}
      spend={account.verifyEmail}
    />
  );
}

/** `/confirm-email?token=…`, the link sent to a new address; the account moves to it. */
export function ConfirmEmail() {
  const account = useAccountWrites();
  return (
    <LinkAction
      texts={{
        title: 'account.confirmEmail.title',
        intro: 'account.confirmEmail.intro',
        button: 'account.confirmEmail.button',
        done: 'account.confirmEmail.done',
        again: 'account.confirmEmail.again',
      }}
      spend={account.confirmEmailChange}
    />
  );
}
