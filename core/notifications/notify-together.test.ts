import { describe, expect, it } from 'vitest';
import type { Notification } from './notification.entity';
import type { NotifyInput } from './notification.service';
import { notifyTogether } from './notify-together';

const input = (to: string): NotifyInput => ({
  notification_type: 'promotion',
  notification_message: `Thanks, ${to}`,
  notification_userTo: to,
});
const stored = (one: NotifyInput, n: number) =>
  ({ ...one, notification_id: `n-${n}`, userId: one.notification_userTo }) as unknown as Notification;

describe('notifying together', () => {
  it('stores the notifications asked for in the same turn in one write, each answered its own', async () => {
    const writes: string[][] = [];
    const notify = notifyTogether({
      notify: async (one) => {
        writes.push([one.notification_userTo]);
        return stored(one, 0);
      },
      notifyMany: async (many) => {
        writes.push(many.map((one) => one.notification_userTo));
        return many.map(stored);
      },
    });
    const answers = await Promise.all(['u-1', 'u-2', 'u-3'].map((to) => notify(input(to))));
    expect(writes).toEqual([['u-1', 'u-2', 'u-3']]);
    expect(answers.map((answer) => [answer.notification_id, answer.notification_userTo])).toEqual([
      ['n-0', 'u-1'],
      ['n-1', 'u-2'],
      ['n-2', 'u-3'],
    ]);
    // Alone in its turn: notified on its own.
    await notify(input('u-4'));
    expect(writes.at(-1)).toEqual(['u-4']);
  });

  it('notifies each on its own when the write together fails: only a failing one fails', async () => {
    const notify = notifyTogether({
      notify: async (one) => {
        if (one.notification_userTo === 'u-bad') throw new Error('refused');
        return stored(one, 9);
      },
      notifyMany: async () => {
        throw new Error('refused');
      },
    });
    const results = await Promise.allSettled(['u-1', 'u-bad', 'u-2'].map((to) => notify(input(to))));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
