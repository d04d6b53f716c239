'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/** The first look again after this long, then each time twice as long, up to the last. */
const FIRST_DELAY_MS = 1_500;
const LONGEST_DELAY_MS = 30_000;

/**
 * While a delivery on the page waits (`waiting`: one is pending or being sent to GetCourse), reads the
 * page again from the server now and then (router.refresh(): the server component re-renders, this
 * page's state stays), sooner at first, so a re-sent lead turns «доставлена» with no reload. Stops as
 * soon as the page has nothing waiting.
 */
export function FollowDeliveries({ waiting }: { waiting: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!waiting) return;
    let delay = FIRST_DELAY_MS;
    let timer: ReturnType<typeof setTimeout>;
    const look = () => {
      router.refresh();
      delay = Math.min(delay * 2, LONGEST_DELAY_MS);
      timer = setTimeout(look, delay);
    };
    timer = setTimeout(look, delay);
    return () => clearTimeout(timer);
  }, [waiting, router]);
  return null;
}
