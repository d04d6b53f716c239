import type { ButtonHTMLAttributes } from 'react';
import { cn } from './cn';

const variants = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/50',
  secondary: 'bg-brand-50 text-brand-700 hover:bg-brand-100 disabled:text-brand-700/50',
  outline: 'border border-gray-300 bg-white text-ink hover:bg-gray-50 disabled:text-gray-400',
  ghost: 'bg-transparent text-ink hover:bg-gray-100 disabled:text-gray-400',
  destructive: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/50',
} as const;

const sizes = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-base',
  lg: 'h-13 px-7 text-lg',
  icon: 'size-9',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/** The site's button classes, for links that look like buttons (`<a className={buttonClasses()}>`). */
export function buttonClasses({ variant = 'primary', size = 'md' }: { variant?: ButtonVariant; size?: ButtonSize } = {}) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors',
    'disabled:cursor-not-allowed focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    variants[variant],
    sizes[size],
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: React.Ref<HTMLButtonElement>;
}

/** A button; `type="button"` unless told otherwise, so it never submits a form by accident. */
export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={cn(buttonClasses({ variant, size }), className)} {...props} />;
}
