'use client';

import { useState } from 'react';
import { ui } from './ui';

/**
 * A button that copies `text` (a one-time link, an address to paste into a mailing) and says beside it
 * whether it worked, with what to do when the browser refused.
 */
export function CopyButton({ text, children = 'Копировать ссылку' }: { text: string; children?: string }) {
  const [copied, setCopied] = useState<{ text: string; ok: boolean } | null>(null);
  const result = copied?.text === text ? copied : null;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={ui.button}
        onClick={() => {
          void navigator.clipboard.writeText(text).then(
            () => setCopied({ text, ok: true }),
            () => setCopied({ text, ok: false }),
          );
        }}
      >
        {children}
      </button>
      <span role="status" className={result?.ok ? 'text-sm text-green-800' : 'text-sm'}>
        {result === null ? '' : result.ok ? 'Скопировано' : 'Не удалось скопировать: выделите текст и скопируйте его'}
      </span>
    </span>
  );
}
