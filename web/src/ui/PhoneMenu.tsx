import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n';

/**
 * Below 640 px the navigation, the organization and workspace switcher, the meters and logging out
 * sit behind one labelled Menu button: a Radix dialog (focus kept inside, Escape closes, focus
 * returns to the button), docs/decisions.md D36.
 */
export function PhoneMenu({ children }: { children: (close: () => void) => ReactNode }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  // A picked link moves focus to the new screen's heading (useFocusOnNavigate), not back to the button.
  const picked = useRef(false);
  const close = () => {
    picked.current = true;
    setOpen(false);
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="btn btn-small menu-button" data-testid="menu-button">
        {t('nav.menu')}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay" />
        <Dialog.Content
          className="drawer"
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            if (picked.current) e.preventDefault();
            picked.current = false;
          }}
        >
          <div className="drawer-head">
            <Dialog.Title className="drawer-title">{t('nav.menu')}</Dialog.Title>
            <Dialog.Close className="btn btn-small">{t('app.close')}</Dialog.Close>
          </div>
          {children(close)}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
