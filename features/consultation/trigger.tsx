import type { ComponentProps } from 'react';
import { CloseIcon } from '@/components/ui/close-icon';

/**
 * The round consultation button at the bottom right, from the `sm` breakpoint up. One look for
 * every state: the plain button drawn at idle, the popover's trigger once it loaded.
 */
export function ConsultationTrigger({ open = false, ...props }: ComponentProps<'button'> & { open?: boolean }) {
  return (
    <button
      type="button"
      aria-label="Получить консультацию"
      aria-haspopup="dialog"
      aria-expanded={open}
      {...props}
      className="fixed bottom-5 right-5 z-40 hidden size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg hover:bg-brand-700 aria-expanded:bg-brand-700 sm:flex"
    >
      {open ? <CloseIcon className="size-7" /> : <ChatIcon />}
    </button>
  );
}

function ChatIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-7"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4A2.5 2.5 0 0 1 3 13.5z M8 8.5h8M8 12h5" />
    </svg>
  );
}
