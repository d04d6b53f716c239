'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/**
 * The thank-you view that replaces a form after a successful submit. It takes focus (the submit button
 * that had it is gone) and is announced as a status.
 */
export function FormSuccess({
  title,
  description,
  children,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} role="status" tabIndex={-1} className={cn('grid gap-2 py-4 text-center outline-none', className)}>
      <p className="text-2xl font-bold">{title}</p>
      {description && <p className="text-gray-600">{description}</p>}
      {children}
    </div>
  );
}
