export interface PeriodicJob {
  start(): void;
  /** Stops the schedule; waits at most `graceMs` for a run under way (the next instance's run repeats it harmlessly). */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Runs `work` every `intervalMs` on this instance. Every instance runs one: the work must be idempotent,
 * so instances doubling up cost calls, not correctness. The first run waits a random part of the
 * interval, spreading instances started together; runs never overlap within an instance. Each run's
 * outcome goes to `done` or `failed`; a failed run is tried again at the next turn.
 */
export function createPeriodicJob<T>(options: {
  work: () => Promise<T>;
  done: (result: T, ms: number) => void;
  failed: (error: unknown) => void;
  intervalMs: number;
  random?: () => number;
}): PeriodicJob {
  const { work, intervalMs } = options;
  const random = options.random ?? Math.random;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = true;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(run, delayMs);
    timer.unref();
  };

  function run() {
    timer = null;
    const started = Date.now();
    running = work()
      .then((result) => options.done(result, Date.now() - started))
      .catch((error: unknown) => options.failed(error))
      .finally(() => {
        running = null;
        schedule(intervalMs);
      });
  }

  return {
    start() {
      if (!stopped || intervalMs <= 0) return;
      stopped = false;
      schedule(Math.round(intervalMs * (0.5 + random() / 2)));
    },

    async stop(graceMs = 5_000) {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await Promise.race([running, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
    },
  };
}
