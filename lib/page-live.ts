/**
 * Set on `<html>` once React has hydrated the page (components/lazy/page-live-mark.tsx). Until then a
 * pre-rendered page holds the buttons pressed on it and presses them again at this moment
 * (server/build/first-paint.ts): it paints well before its scripts have run, and a press made before
 * React listens would otherwise be lost.
 */
export const PAGE_LIVE_ATTRIBUTE = 'data-live';
