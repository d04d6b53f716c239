/** Joins class names, skipping falsy ones. Callers keep classes free of conflicts (no tailwind-merge). */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}
