/**
 * Tailwind's `sm` breakpoint as a media query, for code that must know it in script: below it is a phone,
 * where the gift tab and the Vue tab stand in the header's strip and the consultation button is left out.
 */
export const smallBreakpointUp = '(min-width: 40rem)';
