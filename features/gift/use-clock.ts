'use client';

import { useEffect, useState } from 'react';

/**
 * The current time, updated on every whole second of the clock (spec 9: the gift countdown ticks once
 * a second). Aligning to the second keeps a countdown to a whole-second target stepping evenly instead
 * of drifting with the interval.
 */
export function useClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const scheduleTick = () => {
      timer = setTimeout(() => {
        setNow(Date.now());
        scheduleTick();
      }, 1000 - (Date.now() % 1000));
    };
    scheduleTick();
    return () => clearTimeout(timer);
  }, []);
  return now;
}
