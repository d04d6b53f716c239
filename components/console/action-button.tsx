import type { ReactNode } from 'react';
import { ui } from './ui';

/**
 * A console action as one button: a form posting `fields` to a Server Action. A plain form, so it works
 * before (and without) the page's JavaScript. `label` names the button for screen readers where its text
 * alone is ambiguous in a table (which window, which version).
 */
export function ActionButton({
  action,
  fields = {},
  label,
  className = ui.button,
  formClassName,
  children,
}: {
  action: (data: FormData) => Promise<void>;
  fields?: Record<string, string | number>;
  label?: string;
  className?: string;
  formClassName?: string;
  children: ReactNode;
}) {
  return (
    <form action={action} className={formClassName}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={className} aria-label={label}>
        {children}
      </button>
    </form>
  );
}
