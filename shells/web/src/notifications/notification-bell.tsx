import type { LucideIcon } from 'lucide-react';
import {
  Bell,
  BellOff,
  CheckCheck,
  CircleAlert,
  ClipboardCheck,
  ExternalLink,
  HandCoins,
  Info,
  LoaderCircle,
  Megaphone,
  RefreshCw,
  Rocket,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { Notification, NotificationType } from '@causeway/core/notifications/notification.entity';
import { navigate } from '@causeway/shells/shared/router';
import { notificationTarget } from './notification-cache';
import { relativeTime } from './relative-time';
import { useLiveNotifications, useMarkAllRead, useMarkRead, useNotifications } from './use-notifications';
import './notifications.css';

const typeIcons: Record<NotificationType, LucideIcon> = {
  workflow: ClipboardCheck,
  donation: HandCoins,
  promotion: Megaphone,
  deployment: Rocket,
  system: Info,
};

const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));

function NotificationItem({
  notification,
  onOpen,
  busy,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
  busy: boolean;
}) {
  const Icon = typeIcons[notification.notification_type] ?? Info;
  const target = notificationTarget(notification.notification_url);
  const unread = !notification.notification_read;
  const body = (
    <>
      <span className="cw-notification__icon" aria-hidden="true">
        <Icon size={16} />
      </span>
      <span className="cw-notification__body">
        <span className="cw-notification__message">{notification.notification_message}</span>
        <span className="cw-notification__meta">
          {notification.notification_campaign_name && (
            <span className="cw-notification__campaign">{notification.notification_campaign_name}</span>
          )}
          <time
            dateTime={notification.notification_date}
            title={new Date(notification.notification_date).toLocaleString()}
          >
            {relativeTime(notification.notification_date)}
          </time>
        </span>
      </span>
      <span className="cw-notification__end">
        {busy ? (
          <LoaderCircle className="cw-spin" size={14} aria-hidden="true" />
        ) : target?.kind === 'web' ? (
          <ExternalLink size={14} aria-hidden="true" />
        ) : null}
        {unread && (
          <span className="cw-notification__dot">
            <span className="cw-visually-hidden">Unread</span>
          </span>
        )}
      </span>
    </>
  );
  const className = `cw-notification${unread ? ' cw-notification--unread' : ''}`;
  if (target) {
    return (
      <a
        className={className}
        href={target.href}
        {...(target.kind === 'web' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        onClick={(event) => {
          onOpen(notification);
          if (target.kind === 'page' && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey) {
            event.preventDefault();
            navigate(target.href);
          }
        }}
      >
        {body}
      </a>
    );
  }
  return (
    <button type="button" className={className} onClick={() => onOpen(notification)}>
      {body}
    </button>
  );
}

/** The header's bell: the unread count, and a panel of recent notifications kept live. */
export function NotificationBell({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const arrived = useLiveNotifications(userId);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();

  const unread = notifications.data?.unread ?? 0;
  const latest = arrived.at(-1);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const openNotification = (notification: Notification) => {
    if (!notification.notification_read) markRead.mutate(notification.notification_id);
    if (notificationTarget(notification.notification_url)?.kind === 'page') setOpen(false);
  };

  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;

  return (
    <div className="cw-bell" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="cw-bell__button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="notification-bell"
        onClick={() => setOpen((value) => !value)}
      >
        <Bell size={20} aria-hidden="true" />
        {unread > 0 && (
          <span className="cw-bell__badge" aria-hidden="true">
            {badgeText(unread)}
          </span>
        )}
      </button>
      <div className="cw-visually-hidden" aria-live="polite" aria-atomic="true">
        {latest ? `New notification: ${latest.notification_message}` : ''}
      </div>
      <section id={panelId} className="cw-bell__panel" aria-labelledby={titleId} hidden={!open}>
        <header className="cw-bell__header">
          <h2 id={titleId} className="cw-bell__title">
            Notifications
          </h2>
          <button
            type="button"
            className="cw-button cw-button--ghost cw-bell__read-all"
            onClick={() => markAllRead.mutate()}
            disabled={unread === 0 || markAllRead.isPending}
          >
            {markAllRead.isPending ? (
              <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />
            ) : (
              <CheckCheck size={16} aria-hidden="true" />
            )}
            Mark all as read
          </button>
        </header>
        {(markRead.isError || markAllRead.isError) && (
          <p className="cw-bell__error" role="alert">
            <CircleAlert size={16} aria-hidden="true" />
            {(markRead.error ?? markAllRead.error)?.message}
          </p>
        )}
        {notifications.isPending ? (
          <div className="cw-bell__state" role="status">
            <LoaderCircle className="cw-spin" size={18} aria-hidden="true" />
            Loading your notifications…
          </div>
        ) : notifications.isError ? (
          <div className="cw-bell__state" role="alert">
            <CircleAlert size={18} aria-hidden="true" />
            <span>We couldn't load your notifications. {notifications.error.message}</span>
            <button
              type="button"
              className="cw-button cw-button--secondary"
              onClick={() => void notifications.refetch()}
            >
              <RefreshCw size={16} aria-hidden="true" />
              Try again
            </button>
          </div>
        ) : notifications.data.notifications.length === 0 ? (
          <div className="cw-bell__state cw-bell__state--empty">
            <BellOff size={22} aria-hidden="true" />
            <span className="cw-bell__empty-title">You're all caught up</span>
            <span>Updates about campaigns, approvals and donations will show up here.</span>
          </div>
        ) : (
          <ul className="cw-bell__list">
            {notifications.data.notifications.map((notification) => (
              <li key={notification.notification_id}>
                <NotificationItem
                  notification={notification}
                  onOpen={openNotification}
                  busy={markRead.isPending && markRead.variables === notification.notification_id}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
