'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { rememberUtm } from '@/lib/leads/extra-data';

/**
 * Remembers the visit's UTMs (extra submit data) as soon as the visitor lands, so a lead left
 * on a later page of the visit still carries them. Renders nothing; mounted with the floating widgets.
 */
export default function UtmRecorder() {
  const pathname = usePathname();
  useEffect(() => {
    try {
      rememberUtm(window.location.search, window.sessionStorage);
    } catch {
      // Storage blocked: the UTMs still go with a lead left on this page.
    }
  }, [pathname]);
  return null;
}
