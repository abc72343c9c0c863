/**
 * A pause of a background loop that a wake-up ends early. A wake-up that comes while the loop is not
 * waiting ends its next wait at once, so work announced mid-run is not left for the next poll.
 */
export function wakeableWait() {
  let woken = false;
  let wakeUp: (() => void) | null = null;
  return {
    /** Resolves after `ms`, or as soon as woken; the timer never keeps the process alive. */
    wait(ms: number): Promise<void> {
      return new Promise<void>((resolve) => {
        if (woken || ms <= 0) {
          woken = false;
          resolve();
          return;
        }
        const timer = setTimeout(() => {
          wakeUp = null;
          resolve();
        }, ms);
        timer.unref();
        wakeUp = () => {
          clearTimeout(timer);
          wakeUp = null;
          resolve();
        };
      });
    },
    wake(): void {
      if (wakeUp) wakeUp();
      else woken = true;
    },
    /** Forgets a wake-up that came before now (the work it announced is being done). */
    forget(): void {
      woken = false;
    },
  };
}
