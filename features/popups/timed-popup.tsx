'use client';

import { useEffect, useState } from 'react';
import type { PublicPopup } from '@/lib/popups/managed';
import { testBlockId } from '@/lib/experiments/variants';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { LeadFormPopup } from './lead-form-popup';
import { PromoPopup } from './promo-popup';
import { reportPopupEvent } from './conversion-beacon';
import type { ShownVariant } from './split-test';
import { closeCookie, finishCookie } from './suppression';
import { POPUP_SHOWN_ATTRIBUTE } from '@/lib/popups/marker';

/** The pop-up panel's maximum width. */
const panelMaxWidth = 430;

/**
 * A due pop-up: open from its first render, it writes the suppression cookie when the visitor
 * closes it (one day) or finishes it (session); a preview (the console's) writes and reports nothing. Loaded by the host only when the pop-up is about to show.
 */
export default function TimedPopup({ config, preview = false, shown = null }: { config: PublicPopup; preview?: boolean; shown?: ShownVariant | null }) {
  const [open, setOpen] = useState(true);
  // Opened by a timer, not by a trigger: focus goes back to whatever had it before the pop-up opened.
  const [returnFocusTo] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const id = config.id;

  useEffect(() => {
    document.documentElement.setAttribute(POPUP_SHOWN_ATTRIBUTE, '');
    if (!preview) reportPopupEvent(id, 'shown', shown);
  }, [id, preview, shown]);

  const close = () => {
    if (preview) return setOpen(false);
    writeCookie(closeCookie(document.cookie, id, cookieOptions()));
    reportPopupEvent(id, 'closed');
    setOpen(false);
  };
  const finish = () => {
    if (preview) return;
    writeCookie(finishCookie(id, cookieOptions()));
    reportPopupEvent(id, 'finished');
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <DialogContent
        maxWidth={panelMaxWidth}
        data-popup-id={id}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo?.focus();
        }}
      >
        {config.formConfig === null ? (
          <PromoPopup
            content={config.content}
            onAction={() => {
              finish();
              setOpen(false);
            }}
          />
        ) : (
          <LeadFormPopup
            formConfig={config.formConfig}
            content={config.content}
            onSubmitted={finish}
            preview={preview}
            blockId={shown ? testBlockId(id, shown.variant) : undefined}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function cookieOptions() {
  return { secure: window.location.protocol === 'https:' };
}

function writeCookie(cookie: string | null) {
  if (cookie) document.cookie = cookie;
}
