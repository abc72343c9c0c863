import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Notification } from '@causeway/core/notifications/notification.entity';
import { refreshForDeployment, refreshForNotification } from '@causeway/shells/shared/live-queries';
import { sessionQueryKey } from '../session/use-session';
import { liveMessageOf, withAllRead, withNotification, withReadState } from './notification-cache';
import {
  fetchRecentNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  STREAM_URL,
  type NotificationList,
} from './notifications.api';

export const notificationsQueryKey = ['notifications'] as const;

/** The bell's list: the most recent notifications and how many are unread. */
export function useNotifications() {
  return useQuery({ queryKey: notificationsQueryKey, queryFn: fetchRecentNotifications });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (notification) =>
      queryClient.setQueryData<NotificationList>(notificationsQueryKey, (list) =>
        list ? withReadState(list, notification) : list,
      ),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () =>
      queryClient.setQueryData<NotificationList>(notificationsQueryKey, (list) =>
        list ? withAllRead(list, new Date().toISOString()) : list,
      ),
  });
}

/** Waits before opening the stream again after the server refused it (EventSource gives up then). */
const REOPEN_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

/**
 * Keeps the bell's list live while mounted (that is, while signed in): NEW_NOTIFICATION adds the
 * notification to the cache, REFRESH_NOTIFICATIONS fetches the list again. EventSource reconnects by
 * itself after a dropped connection; when the server refuses the stream (signed out elsewhere, live
 * delivery down) it stops, so the session is checked and the stream is opened again after a while.
 * Answers the notifications that arrived live, newest last, for announcing.
 */
export function useLiveNotifications(userId: string): Notification[] {
  const queryClient = useQueryClient();
  const [arrived, setArrived] = useState<Notification[]>([]);
  const attempt = useRef(0);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const open = () => {
      source = new EventSource(STREAM_URL);
      source.addEventListener('open', () => {
        attempt.current = 0;
        // Whatever was pushed before the stream was open (while it was down, or between the list's
        // first fetch and this first open) is fetched instead.
        void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
      });
      source.addEventListener('notification', (event) => {
        const message = liveMessageOf((event as MessageEvent<string>).data);
        if (!message) return;
        if (message.type === 'REFRESH_NOTIFICATIONS') {
          void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
          return;
        }
        if (message.type === 'DEPLOYMENT_PROGRESS') {
          refreshForDeployment(queryClient);
          return;
        }
        const { notification } = message;
        if (queryClient.getQueryData<NotificationList>(notificationsQueryKey)) {
          queryClient.setQueryData<NotificationList>(notificationsQueryKey, (list) =>
            list ? withNotification(list, notification) : list,
          );
        } else {
          // The list is still being fetched, perhaps from before this notification existed.
          void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
        }
        setArrived((previous) => [...previous.slice(-4), notification]);
        // Screens showing what the notification is about (a draft's status, a campaign's figures) update too.
        refreshForNotification(queryClient, notification);
      });
      source.addEventListener('error', () => {
        if (stopped || source?.readyState !== EventSource.CLOSED) return;
        source.close();
        // A refused stream may mean the session ended: the shell shows sign-in then.
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        const delay = REOPEN_DELAYS_MS[Math.min(attempt.current, REOPEN_DELAYS_MS.length - 1)]!;
        attempt.current += 1;
        reopenTimer = setTimeout(() => {
          if (!stopped) open();
        }, delay);
      });
    };

    open();
    return () => {
      stopped = true;
      clearTimeout(reopenTimer);
      source?.close();
    };
  }, [queryClient, userId]);

  return arrived;
}
