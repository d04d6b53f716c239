import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/**
 * A titled block of a content page: a `<section>` named by its h2, so screen-reader users can jump
 * between sections; `tone="muted"` alternates the background between neighbours.
 */
export function PageSection({
  id,
  title,
  intro,
  tone = 'plain',
  children,
}: {
  /** The anchor of the section; its heading gets `{id}-heading`. */
  id: string;
  title: string;
  intro?: string;
  tone?: 'plain' | 'muted';
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={cn('scroll-mt-20 py-12 md:py-16', tone === 'muted' && 'bg-gray-50')}>
      <div className="mx-auto max-w-6xl px-4">
        <h2 id={headingId} className="text-2xl font-bold leading-tight md:text-3xl">
          {title}
        </h2>
        {intro && <p className="mt-3 max-w-3xl text-lg text-gray-600">{intro}</p>}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
