'use client';

/** Placeholder for the one-toast-at-a-time area (spec 4.2); the lead-forms issue builds it on Radix Toast. */
export default function Toaster() {
  return null;
}
