'use client';

import { useState } from 'react';
import { ui } from './ui';

/** «Копировать ссылку»: puts `text` on the clipboard and says so beside the button («Ссылка скопирована»). */
export function CopyButton({ text, label = 'Копировать ссылку', done = 'Ссылка скопирована' }: { text: string; label?: string; done?: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className={ui.button}
        onClick={() => {
          void navigator.clipboard.writeText(text).then(
            () => setCopied(text),
            () => setCopied(null),
          );
        }}
      >
        {label}
      </button>
      {copied === text && (
        <span role="status" className="ml-2 text-green-800">
          {done}
        </span>
      )}
    </>
  );
}
