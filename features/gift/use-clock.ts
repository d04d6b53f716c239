'use client';

import { useEffect, useState } from 'react';

/**
 * The current time, updated on every whole second (the gift countdown ticks once a second).
 * With `serverOffset` (from the schedule's answer, lib/server-clock.ts) it is the server's time carried
 * on the browser's monotonic clock, so a phone whose clock is set wrong, or is changed meanwhile, still
 * shows the right gift state; without it, the device's clock. Aligning to the second keeps a countdown
 * to a whole-second target stepping evenly instead of drifting with the interval.
 */
export function useClock(serverOffset: number | null = null): number {
  const read = () => (serverOffset === null ? Date.now() : Math.round(performance.now() + serverOffset));
  const [now, setNow] = useState(read);
  useEffect(() => {
    const current = () => (serverOffset === null ? Date.now() : Math.round(performance.now() + serverOffset));
    let timer: ReturnType<typeof setTimeout>;
    const scheduleTick = (delay: number) => {
      timer = setTimeout(() => {
        setNow(current());
        scheduleTick(1000 - (current() % 1000));
      }, delay);
    };
    // At once when the server's clock has just arrived, then on each whole second.
    scheduleTick(0);
    return () => clearTimeout(timer);
  }, [serverOffset]);
  return now;
}
