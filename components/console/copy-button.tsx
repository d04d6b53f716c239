'use client';

import { useState } from 'react';
import { ui } from './ui';

/** A button that copies `text` (an address to paste into a mailing) and says so beside it. */
export function CopyButton({ text, children }: { text: string; children: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        className={ui.button}
        onClick={() => {
          navigator.clipboard.writeText(text).then(
            () => setCopied('yes'),
            () => setCopied('no'),
          );
        }}
      >
        {children}
      </button>
      <span role="status" className="text-sm">
        {copied === 'yes' ? 'Скопировано' : copied === 'no' ? 'Не удалось скопировать: выделите адрес и скопируйте его' : ''}
      </span>
    </span>
  );
}
