// The bell in the header (docs/dashboard.md, "Notifications"): the unread count on a button that
// opens the person's notifications in a Radix popover (Escape and a tap outside close it, focus
// returns to the button). Following one marks it read and switches to its organization and
// workspace first, so a code of another workspace opens where it lives.
import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useNotifications, useNotificationWrites, useUnreadCount, type Notification } from '../api/hooks/notifications';
import { useI18n, type T } from '../i18n/i18n';
import type { MessageKey } from '../i18n/en';
import { useSession } from '../session';
import './notifications.css';

/** One notification as a sentence in the reader's language. */
export function notificationText(n: Notification, t: T): string {
  const d = n.data;
  const vars = {
    actor: n.actor?.name ?? t('notifications.someone'),
    code: d.code_title ? t('notifications.quoted', { title: d.code_title }) : t('notifications.untitled'),
    reason: d.reason ?? '',
    excerpt: d.excerpt ?? '',
    organization: d.organization_name ?? '',
    threshold: d.threshold ?? 0,
    prefix: d.prefix ?? '',
  };
  const key =
    n.kind === 'usage_threshold'
      ? `notifications.kind.usage_threshold.${d.meter ?? 'scans'}`
      : `notifications.kind.${n.kind}`;
  return t(key as MessageKey, vars);
}

function Item({ n, onOpen }: { n: Notification; onOpen: (n: Notification) => void }) {
  const { t, fmtDate } = useI18n();
  const { read } = useNotificationWrites();
  const unread = !n.read_at;
  return (
    <li className={unread ? 'notification unread' : 'notification'} data-testid="notification">
      <a
        href={n.link}
        onClick={(e) => {
          e.preventDefault();
          onOpen(n);
        }}
      >
        {unread ? <span className="sr-only">{t('notifications.unread')}: </span> : null}
        {notificationText(n, t)}
      </a>
      <span className="muted small">{fmtDate(n.created_at)}</span>
      {unread ? (
        <button type="button" className="btn btn-small" onClick={() => void read(n.id)}>
          {t('notifications.read')}
        </button>
      ) : null}
    </li>
  );
}

export function NotificationBell() {
  const { t } = useI18n();
  const { me, selectOrganization, selectWorkspace } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const count = useUnreadCount().data ?? 0;
  const list = useNotifications(open);
  const { read, readAll } = useNotificationWrites();
  const items = list.data?.pages.flatMap((p) => p.data) ?? [];
  const follow = (n: Notification) => {
    setOpen(false);
    if (!n.read_at) void read(n.id);
    if (me && n.organization_id !== me.current.organization_id) selectOrganization(n.organization_id);
    if (me && n.workspace_id && n.workspace_id !== me.current.workspace_id) selectWorkspace(n.workspace_id);
    void navigate(n.link);
  };
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className="btn btn-small bell"
        data-testid="notification-bell"
        aria-label={count ? t('notifications.bellUnread', { count }) : t('notifications.bell')}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" focusable="false">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          />
        </svg>
        {count ? (
          <span className="bell-count" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="popover notifications-popover"
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-labelledby="notifications-head"
          data-testid="notifications"
        >
          <div className="notifications-head">
            <h2 id="notifications-head">{t('notifications.title')}</h2>
            {count ? (
              <button type="button" className="btn btn-small" onClick={() => void readAll()}>
                {t('notifications.readAll')}
              </button>
            ) : null}
          </div>
          {list.data && !items.length ? <p className="muted">{t('notifications.none')}</p> : null}
          <ul className="plain notification-list">
            {items.map((n) => (
              <Item key={n.id} n={n} onOpen={follow} />
            ))}
          </ul>
          {list.hasNextPage ? (
            <button type="button" className="btn btn-small" onClick={() => void list.fetchNextPage()}>
              {t('notifications.more')}
            </button>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
