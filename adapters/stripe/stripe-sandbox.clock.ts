import type { Request, RequestHandler, Router } from 'express';
import type { FormParams } from './stripe-sandbox.form';
import { allowOnly, badRequest, clone, integerParam, noSuch, randomId, textParam } from './stripe-sandbox.params';
import type { StripeEvent } from './stripe.sandbox';

const DAY = 24 * 3600;
/** Stripe deletes a test clock 30 days after it was made. */
const TEST_CLOCK_LIFETIME = 30 * DAY;

export interface TestClock {
  id: string;
  object: 'test_helpers.test_clock';
  created: number;
  deletes_after: number;
  frozen_time: number;
  livemode: false;
  name: string | null;
  status: 'ready' | 'advancing';
  status_details: Record<string, never>;
}

interface ClockKit {
  /** The real time, in unix seconds. */
  realNow(): number;
  emit(type: string, object: object): StripeEvent;
  changed(table: string, key: string): void;
  touch(): void;
  /** Bills what fell due on the customers that follow a clock (null: the sandbox's own), up to its time. */
  bill(clockId: string | null): void;
}

/**
 * The sandbox's time. Its own clock is the real time moved on by an offset (`POST /_sandbox/clock`,
 * kept in its file), and every object and event is stamped with it; Stripe's test clocks
 * (`/v1/test_helpers/test_clocks`) each hold a frozen time that their customers' subscriptions follow
 * instead. Moving either bills what fell due meanwhile.
 */
export function createSandboxClocks(kit: ClockKit) {
  const testClocks = new Map<string, TestClock>();
  const sandboxClock = new Map<string, { offset_seconds: number }>();
  const tables = { testClocks, sandboxClock };

  const offset = () => sandboxClock.get('sandbox')?.offset_seconds ?? 0;
  /** The sandbox's time, in unix seconds. */
  const now = () => kit.realNow() + offset();
  /** A test clock's frozen time; the sandbox's time for none (or one since deleted). */
  function timeOf(clockId: string | null): number {
    const clock = clockId ? testClocks.get(clockId) : undefined;
    return clock ? clock.frozen_time : now();
  }

  function createTestClock(params: FormParams): TestClock {
    allowOnly(params, ['frozen_time', 'name']);
    const frozen = integerParam(params.frozen_time, 'frozen_time', { required: true })!;
    const created = kit.realNow();
    const clock: TestClock = {
      id: randomId('clock_1'),
      object: 'test_helpers.test_clock',
      created,
      deletes_after: created + TEST_CLOCK_LIFETIME,
      frozen_time: frozen,
      livemode: false,
      name: textParam(params.name, 'name') ?? null,
      status: 'ready',
      status_details: {},
    };
    testClocks.set(clock.id, clock);
    kit.changed('testClocks', clock.id);
    kit.touch();
    return clock;
  }

  function requireTestClock(id: string, param = 'test_clock', status = 404): TestClock {
    const clock = testClocks.get(id);
    if (!clock) throw noSuch('test_clock', id, param, status);
    return clock;
  }

  /**
   * Moves a test clock and bills its customers' subscriptions up to it. Stripe advances a clock in the
   * background (`advancing`, then `ready`); the sandbox does the work before it answers, so the clock
   * it answers is `ready` already.
   */
  function advanceTestClock(id: string, params: FormParams): TestClock {
    allowOnly(params, ['frozen_time']);
    const clock = requireTestClock(id);
    const frozen = integerParam(params.frozen_time, 'frozen_time', { required: true })!;
    if (frozen <= clock.frozen_time) {
      throw badRequest('The test clock can only be advanced to a time after its current frozen_time.', 'frozen_time');
    }
    clock.status = 'advancing';
    kit.emit('test_helpers.test_clock.advancing', clock);
    clock.frozen_time = frozen;
    kit.bill(clock.id);
    clock.status = 'ready';
    kit.changed('testClocks', clock.id);
    kit.emit('test_helpers.test_clock.ready', clock);
    return clock;
  }

  function deleteTestClock(id: string): object {
    requireTestClock(id);
    testClocks.delete(id);
    kit.changed('testClocks', id);
    kit.touch();
    return { id, object: 'test_helpers.test_clock', deleted: true };
  }

  const sandboxClockState = () => ({ object: 'sandbox.clock' as const, now: now(), offset_seconds: offset() });

  /** Moves the sandbox's own time on (customers without a test clock follow it) and bills what fell due. */
  function moveSandboxClock(seconds: number) {
    sandboxClock.set('sandbox', { offset_seconds: offset() + seconds });
    kit.changed('sandboxClock', 'sandbox');
    kit.bill(null);
    return sandboxClockState();
  }

  function mountApi(
    api: Router,
    http: {
      endpoint(
        handler: (params: FormParams, req: Request) => object,
        options?: { expandable?: boolean },
      ): RequestHandler;
      list<T extends { id: string }>(items: T[], params: FormParams, url: string): object;
    },
  ): void {
    const { endpoint, list } = http;
    const id = (req: Request) => String(req.params.id);
    api.post(
      '/v1/test_helpers/test_clocks',
      endpoint((params) => createTestClock(params)),
    );
    api.get(
      '/v1/test_helpers/test_clocks',
      endpoint(
        (params) => {
          allowOnly(params, ['limit', 'starting_after', 'ending_before']);
          return list([...testClocks.values()], params, '/v1/test_helpers/test_clocks');
        },
        { expandable: false },
      ),
    );
    api.get(
      '/v1/test_helpers/test_clocks/:id',
      endpoint((_params, req) => requireTestClock(id(req))),
    );
    api.post(
      '/v1/test_helpers/test_clocks/:id/advance',
      endpoint((params, req) => advanceTestClock(id(req), params)),
    );
    api.delete(
      '/v1/test_helpers/test_clocks/:id',
      endpoint((_params, req) => deleteTestClock(id(req))),
    );

    // The control API: the sandbox's own time, which the customers of no test clock follow.
    api.get(
      '/_sandbox/clock',
      endpoint(() => sandboxClockState(), { expandable: false }),
    );
    api.post(
      '/_sandbox/clock',
      endpoint(
        (params) => {
          allowOnly(params, ['advance_days', 'advance_seconds']);
          const days = integerParam(params.advance_days, 'advance_days', { min: 0 });
          const seconds = integerParam(params.advance_seconds, 'advance_seconds', { min: 0 });
          if (days === undefined && seconds === undefined) {
            throw badRequest('Missing required param: advance_days or advance_seconds.', 'advance_days');
          }
          return moveSandboxClock((days ?? 0) * DAY + (seconds ?? 0));
        },
        { expandable: false },
      ),
    );
  }

  return {
    tables,
    now,
    timeOf,
    requireTestClock,
    mountApi,
    snapshot: () => ({ testClocks: [...testClocks.values()], sandboxClock: [...sandboxClock] }),
    restore(saved: { testClocks: TestClock[]; sandboxClock: [string, { offset_seconds: number }][] }) {
      testClocks.clear();
      for (const clock of saved.testClocks) testClocks.set(clock.id, clone(clock));
      sandboxClock.clear();
      for (const [key, value] of saved.sandboxClock) sandboxClock.set(key, clone(value));
    },
  };
}

export type SandboxClocks = ReturnType<typeof createSandboxClocks>;
