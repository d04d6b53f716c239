/**
 * Set on `<html>` once React has hydrated the page (components/lazy/page-live-mark.tsx). Until then a
 * pre-rendered page holds the buttons pressed on it and presses them again at this moment
 * (server/build/paint-first.ts): its scripts load only after the first paint, and a press made before
 * React listens would otherwise be lost.
 */
export const PAGE_LIVE_ATTRIBUTE = 'data-live';
