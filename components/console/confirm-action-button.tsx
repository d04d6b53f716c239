'use client';

import { useRef, useState, type ReactNode } from 'react';
import { ui } from './ui';

/**
 * A console action that asks first: its button opens a small dialog beside it with the question, the
 * action's own button and «Отмена»; only the first posts `fields` to the Server Action. For what is
 * done at once and cannot be taken back by a second press (a rollback, a verdict).
 */
export function ConfirmActionButton({
  action,
  fields = {},
  label,
  question,
  confirmLabel,
  cancelLabel = 'Отмена',
  className = ui.button,
  children,
}: {
  action: (data: FormData) => Promise<void>;
  fields?: Record<string, string | number>;
  /** Names the first button for screen readers where its text alone is ambiguous in a table. */
  label?: string;
  question: string;
  confirmLabel: string;
  cancelLabel?: string;
  className?: string;
  children: ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setAsking(false);
    // Back to the button that opened it, once it is drawn again.
    requestAnimationFrame(() => opener.current?.focus());
  };
  return (
    <form action={action}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {asking ? (
        <div
          role="dialog"
          aria-label={question}
          className="flex max-w-sm flex-col gap-2 rounded border border-amber-400 bg-amber-50 p-3 text-sm"
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <p>{question}</p>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={ui.primaryButton} autoFocus>
              {confirmLabel}
            </button>
            <button type="button" className={ui.button} onClick={close}>
              {cancelLabel}
            </button>
          </div>
        </div>
      ) : (
        <button ref={opener} type="button" className={className} aria-label={label} aria-haspopup="dialog" onClick={() => setAsking(true)}>
          {children}
        </button>
      )}
    </form>
  );
}
