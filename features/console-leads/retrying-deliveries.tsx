import Link from 'next/link';
import { ui } from '@/components/console/ui';
import type { RetryingDeliveries as Retrying } from '@/server/repositories/delivery-queue';
import { retryingSentences } from './delivery-error-labels';

/**
 * Above the list, what is true of the leads that wait after GetCourse failed them: how many, why, when
 * they are tried again («4 заявки ждут: GetCourse пока не отвечает, попробуем снова в 12:40»), with a link
 * to them. Read again as the list follows its deliveries, so it changes as they do.
 */
export function RetryingDeliveries({ retrying, now }: { retrying: readonly Retrying[]; now: number }) {
  const sentences = retryingSentences(retrying, now);
  return (
    <div role="status" aria-live="polite" className="mb-4 text-sm">
      {sentences.length > 0 && (
        <div className="rounded border border-amber-400 bg-amber-50 p-3">
          <ul>
            {sentences.map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
          <Link href="/admin/leads?delivery=retrying" className={ui.link}>
            Показать их в списке
          </Link>
        </div>
      )}
    </div>
  );
}
