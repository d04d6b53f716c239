'use client';

import { useState } from 'react';
import { intentHandlers } from '@/components/lazy/intent';
import { lazyWithRetry } from '@/components/lazy/lazy-with-retry';
import { ConsultationForm } from './lazy-form';
import { ConsultationTrigger } from './trigger';

// The popover, its library and the form's code come with the first press (fetched as the pointer or
// focus nears the button); until then the button stays, busy.
const ConsultationPopover = lazyWithRetry(() => import('./consultation-popover'), {
  name: 'consultation',
  loading: <ConsultationTrigger aria-busy />,
});

/** The consultation button, drawn at idle with no library until it is pressed. */
export default function ConsultationButton() {
  const [pressed, setPressed] = useState(false);
  if (pressed) return <ConsultationPopover />;
  const preload = () => {
    ConsultationPopover.preload();
    ConsultationForm.preload();
  };
  return <ConsultationTrigger {...intentHandlers({ preload })} onClick={() => setPressed(true)} />;
}
