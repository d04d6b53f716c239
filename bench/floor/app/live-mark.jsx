'use client';

import { useEffect } from 'react';

/** As the site's components/lazy/page-live-mark.tsx: `<html data-live>` once React has hydrated the page (bench:real-phone waits for it). */
export function LiveMark() {
  useEffect(() => {
    document.documentElement.setAttribute('data-live', '');
  }, []);
  return null;
}
