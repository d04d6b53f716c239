'use client';

import { useEffect, useRef, useState } from 'react';
import { ConsentLine } from '@/components/lead-form/consent-line';
import { FormUnavailable } from '@/components/lead-form/form-unavailable';
import { fieldFrameClasses, fieldInputClasses } from '@/components/lead-form/text-field';
import { lazyWithRetry } from '@/components/lazy/lazy-with-retry';
import { Button } from '@/components/ui/button';
import type { LeadFormValues } from '@/lib/validation/lead';
import type { ContactFormProps } from './contact-form';

/** How far ahead of the viewport the form starts loading: well before the visitor scrolls to it. */
const PRELOAD_MARGIN = '1200px 0px';

type Carried = Pick<ContactFormProps, 'defaultValues' | 'initialFocus'>;

// Retried when its chunk fails; if it never arrives (or throws), the contacts stand in its place.
const ContactForm = lazyWithRetry(() => import('./contact-form'), { name: 'contact-form', fallback: <FormUnavailable /> });

/**
 * The always-loaded part of the contact form: a look-alike of the form in plain HTML that fetches the
 * real one (react-hook-form, zod, phone metadata) when it comes near the viewport or is touched. What the
 * visitor typed into the look-alike meanwhile, and where the focus was, carry over to the real form.
 */
export function LazyContactForm(props: ContactFormProps) {
  const root = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);
  const [loaded, setLoaded] = useState<{ carried: Carried } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = root.current;
    if (!element || wanted) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setWanted(true), {
      rootMargin: PRELOAD_MARGIN,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [wanted]);

  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    ContactForm.load().then(
      () => {
        if (cancelled || !root.current) return;
        setLoaded({ carried: readPlaceholder(root.current) });
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [wanted]);

  return (
    <div ref={root} onFocus={() => setWanted(true)} onPointerDown={() => setWanted(true)} data-form-ready={loaded ? '' : undefined}>
      {failed ? <FormUnavailable /> : loaded ? <ContactForm {...props} {...loaded.carried} /> : <FormPlaceholder submitLabel={props.submitLabel} />}
    </div>
  );
}

const placeholderFields = [
  { name: 'fullName', placeholder: 'Имя', type: 'text', autoComplete: 'name' },
  { name: 'email', placeholder: 'E-mail', type: 'email', autoComplete: 'email' },
  { name: 'phone', placeholder: 'Телефон', type: 'tel', autoComplete: 'tel' },
] as const;

function FormPlaceholder({ submitLabel }: { submitLabel: string }) {
  return (
    <div className="grid gap-3" aria-busy="true">
      {placeholderFields.map((field) => (
        <div key={field.name} className={fieldFrameClasses(false)}>
          {field.name === 'phone' && (
            <span aria-hidden="true" className="shrink-0 pl-4 text-base">
              +7
            </span>
          )}
          <input
            data-placeholder-field={field.name}
            aria-label={field.placeholder}
            placeholder={field.placeholder}
            type={field.type}
            autoComplete={field.autoComplete}
            className={fieldInputClasses}
          />
        </div>
      ))}
      <Button size="lg" disabled className="w-full">
        {submitLabel}
      </Button>
      <ConsentLine />
    </div>
  );
}

function readPlaceholder(root: HTMLElement): Carried {
  const defaultValues: Partial<LeadFormValues> = {};
  let initialFocus: keyof LeadFormValues | undefined;
  for (const input of root.querySelectorAll<HTMLInputElement>('input[data-placeholder-field]')) {
    const name = input.dataset.placeholderField as keyof LeadFormValues;
    if (input.value) defaultValues[name] = input.value;
    if (input === document.activeElement) initialFocus = name;
  }
  return { defaultValues, initialFocus };
}
