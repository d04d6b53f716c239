'use client';

import { useEffect } from 'react';
import { PAGE_LIVE_ATTRIBUTE } from '@/lib/page-live';

/** Marks the page live once React has hydrated it: the buttons pressed before then are pressed again (lib/page-live.ts). */
export function PageLiveMark() {
  useEffect(() => {
    document.documentElement.setAttribute(PAGE_LIVE_ATTRIBUTE, '');
  }, []);
  return null;
}
