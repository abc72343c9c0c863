import type { Notification } from './notification.entity';
import type { NotifyInput } from './notification.service';

/**
 * A `notify` whose calls made in the same turn of the event loop are stored together by `notifyMany`
 * (one write for a burst, as the follow-ups of a batch of donations make). Each call answers its own
 * notification; when the write together fails, each is notified on its own, so one failure is only its own.
 */
export function notifyTogether(service: {
  notify(input: NotifyInput): Promise<Notification>;
  notifyMany(inputs: NotifyInput[]): Promise<Notification[]>;
}): (input: NotifyInput) => Promise<Notification> {
  let waiting: { input: NotifyInput; resolve: (n: Notification) => void; reject: (error: unknown) => void }[] = [];

  const flush = async () => {
    const batch = waiting;
    waiting = [];
    if (batch.length === 1) {
      const [only] = batch;
      await service.notify(only!.input).then(only!.resolve, only!.reject);
      return;
    }
    try {
      const created = await service.notifyMany(batch.map((entry) => entry.input));
      batch.forEach((entry, index) => entry.resolve(created[index]!));
    } catch {
      await Promise.all(batch.map((entry) => service.notify(entry.input).then(entry.resolve, entry.reject)));
    }
  };

  return (input) =>
    new Promise<Notification>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (waiting.length === 1) setImmediate(() => void flush());
    });
}
