/** Ten minutes: a pop-up due later is one almost no visitor stays to see, so a bigger number is a typo. */
export const maxPopupDelayMs = 600_000;
