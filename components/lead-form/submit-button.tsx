import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/components/ui/cn';

export interface SubmitButtonProps extends Omit<ButtonProps, 'type'> {
  /** Shows the spinner and keeps the button disabled (the form's "submitting" state). */
  submitting?: boolean;
  /** The label while submitting (e.g. 'Отправка...'); the normal label otherwise stays. */
  submittingLabel?: ReactNode;
}

/** The submit button of a lead form: disabled until the form is valid, a spinner while it sends. */
export function SubmitButton({ submitting = false, submittingLabel, disabled, children, className, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" size="lg" disabled={disabled || submitting} aria-busy={submitting || undefined} className={cn('w-full', className)} {...props}>
      {submitting && <Spinner />}
      {submitting && submittingLabel ? submittingLabel : children}
    </Button>
  );
}
