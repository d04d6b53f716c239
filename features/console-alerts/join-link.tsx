'use client';

import { useRouter } from 'next/navigation';
import { useActionState, useEffect } from 'react';
import { CopyButton } from '@/components/console/copy-button';
import { ui } from '@/components/console/ui';
import { createJoinLinkAction, type JoinLinkState } from './alert-actions';
import { joinLinkNote, joinLinkRefusalTexts } from './alert-labels';

/** How often the page looks for the manager while a link is shown, and for how long after it was made. */
const REFRESH_EVERY_MS = 3000;
const REFRESH_FOR_MS = 15 * 60_000;

/**
 * «Подключить менеджера»: the bot's one-time link and its QR code, shown once to this operator. While it
 * is shown the page refreshes by itself, so the manager appears in the list once they pressed «Start».
 */
export function JoinLink() {
  const [state, action, pending] = useActionState<JoinLinkState, FormData>(createJoinLinkAction, { outcome: null });
  const router = useRouter();
  const link = state.outcome === 'created' ? state.link : null;
  useEffect(() => {
    if (!link) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > REFRESH_FOR_MS) clearInterval(timer);
      else router.refresh();
    }, REFRESH_EVERY_MS);
    return () => clearInterval(timer);
  }, [link, router]);
  return (
    <div className="mb-6 flex max-w-3xl flex-col gap-3">
      <form action={action}>
        <button type="submit" disabled={pending} className={ui.primaryButton}>
          Подключить менеджера
        </button>
      </form>
      <div role="status" aria-live="polite" className="text-sm">
        {(state.outcome === 'telegram_off' || state.outcome === 'bot_unreachable') && <p className="text-red-700">{joinLinkRefusalTexts[state.outcome]}</p>}
        {state.outcome === 'created' && (
          <div className="flex flex-wrap items-start gap-4 rounded border border-gray-300 bg-white p-3">
            <div
              role="img"
              aria-label="QR-код ссылки на бота"
              className="size-48 shrink-0 [&_svg]:size-full"
              // The SVG is drawn on the server from the link alone (server/alerts/join-qr.ts).
              dangerouslySetInnerHTML={{ __html: state.qrSvg }}
            />
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <p>
                Ссылка на бота:{' '}
                <a href={state.link} className={`${ui.link} break-all`} target="_blank" rel="noreferrer noopener">
                  {state.link}
                </a>
              </p>
              <div>
                <CopyButton text={state.link} />
              </div>
              <p>{joinLinkNote(state)}</p>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
