// A list's filters behind one button on a phone (docs/dashboard.md, "Phone"): a Radix popover, so
// the button says whether it is open, Escape and a tap outside close it and focus goes back to it.
import * as Popover from '@radix-ui/react-popover';
import { useState, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n';

/** `active` counts the filters in force, shown on the button so a filtered list never looks complete. */
export function FilterPopover({ active, children }: { active: number; children: (close: () => void) => ReactNode }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className="btn filters-button" data-testid="filters-button">
        {t('codes.filters')}
        {active ? <span className="badge filters-count"> {active}</span> : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="popover" align="start" sideOffset={6} collisionPadding={8}>
          {children(() => setOpen(false))}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
