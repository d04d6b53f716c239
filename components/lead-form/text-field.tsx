'use client';

import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn } from '@/components/ui/cn';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'placeholder'> {
  /** The visible hint inside the empty field; also the field's accessible name unless `label` is given. */
  placeholder: string;
  /** Accessible name (a visually hidden label); defaults to the placeholder. */
  label?: string;
  /** The error to show inside the field; the input is marked invalid and described by it. */
  error?: string;
  /** Something fixed before the input inside the same frame (the phone field's country and code). */
  startAdornment?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** Frame classes shared with other single-line fields, so every field of a form looks the same. */
export function fieldFrameClasses(invalid: boolean) {
  return cn(
    'relative flex min-h-14 w-full items-center rounded-xl border bg-white transition-colors',
    'focus-within:outline-2 focus-within:outline-offset-2',
    invalid ? 'border-red-500 focus-within:outline-red-500' : 'border-gray-300 focus-within:outline-brand-600',
  );
}

export const fieldInputClasses = 'h-14 w-full min-w-0 flex-1 rounded-xl bg-transparent px-4 text-base text-ink placeholder:text-gray-500 outline-none';

/** The error line inside the field frame, under the text. */
export function FieldError({ id, children }: { id: string; children?: string }) {
  if (!children) return null;
  return (
    <span id={id} className="pointer-events-none absolute bottom-1 left-4 right-4 truncate text-xs font-medium text-red-600">
      {children}
    </span>
  );
}

/** A text input whose error message shows inside the field. Spread react-hook-form's `register()` into it. */
export function TextField({ placeholder, label, error, startAdornment, className, id, ref, ...props }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className={cn(fieldFrameClasses(!!error), className)}>
      <label htmlFor={inputId} className="sr-only">
        {label ?? placeholder}
      </label>
      {startAdornment}
      <input
        ref={ref}
        id={inputId}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(fieldInputClasses, error && 'pb-3')}
        {...props}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
