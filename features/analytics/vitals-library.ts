/**
 * The parts of Google's web-vitals the reporter uses, in one chunk fetched after idle: the attribution
 * build only for LCP (its element) and INP (its target and phase), the smaller plain build for the rest.
 */
export { onCLS, onFCP, onTTFB } from 'web-vitals';
export { onINP, onLCP } from 'web-vitals/attribution';
