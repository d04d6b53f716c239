/**
 * Tailwind's `sm` breakpoint as a media query, for code that must know it in script: below it is a phone,
 * where the floating buttons share the dock at the bottom and the consultation button is left out.
 */
export const smallBreakpointUp = '(min-width: 40rem)';
