import { CarryQueryLink } from '@/components/ui/carry-query-link';
import { buttonClasses, type ButtonSize, type ButtonVariant } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

/** A call to action that looks like a button and carries the page's query (UTMs) to its target. */
export function CtaLink({
  href,
  children,
  variant = 'primary',
  size = 'lg',
  className,
}: {
  href: string;
  children: React.ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  return (
    <CarryQueryLink href={href} className={cn(buttonClasses({ variant, size }), className)}>
      {children}
    </CarryQueryLink>
  );
}
