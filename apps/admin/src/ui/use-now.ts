import { useEffect, useState } from 'react';

/** The current time, renewed every `intervalMs`, so "waited 5 minutes" keeps counting on an open page. */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
