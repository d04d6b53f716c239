/** The honeypot's field name; the server treats any value in it as spam. */
export const HONEYPOT_FIELD = 'website';

/**
 * A field only bots fill in: off screen, hidden from screen readers, out of the tab order, never
 * autofilled. The form reads it by name on submit.
 */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label>
        Сайт
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
