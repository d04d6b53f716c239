'use client';

import { useEffect, useRef, useState, type ComponentType } from 'react';
import { ConsentLine } from '@/components/forms/consent-line';
import { fieldFrameClasses, fieldInputClasses } from '@/components/forms/text-field';
import { Button } from '@/components/ui/button';
import type { LeadFormValues } from '@/lib/validation/lead';
import type { ContactFormProps } from './contact-form';

/** How far ahead of the viewport the form starts loading: well before the visitor scrolls to it. */
const PRELOAD_MARGIN = '1200px 0px';

type Loaded = { Form: ComponentType<ContactFormProps>; carried: Pick<ContactFormProps, 'defaultValues' | 'initialFocus'> };

/**
 * The always-loaded part of the contact form: a look-alike of the form in plain HTML that fetches the
 * real one (react-hook-form, zod, phone metadata) when it comes near the viewport or is touched. What the
 * visitor typed into the look-alike meanwhile, and where the focus was, carry over to the real form.
 */
export function LazyContactForm(props: ContactFormProps) {
  const root = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

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
    void import('./contact-form').then((module) => {
      if (cancelled || !root.current) return;
      setLoaded({ Form: module.default, carried: readPlaceholder(root.current) });
    });
    return () => {
      cancelled = true;
    };
  }, [wanted]);

  return (
    <div ref={root} onFocus={() => setWanted(true)} onPointerDown={() => setWanted(true)} data-form-ready={loaded ? '' : undefined}>
      {loaded ? <loaded.Form {...props} {...loaded.carried} /> : <FormPlaceholder submitLabel={props.submitLabel} />}
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

function readPlaceholder(root: HTMLElement): Loaded['carried'] {
  const defaultValues: Partial<LeadFormValues> = {};
  let initialFocus: keyof LeadFormValues | undefined;
  for (const input of root.querySelectorAll<HTMLInputElement>('input[data-placeholder-field]')) {
    const name = input.dataset.placeholderField as keyof LeadFormValues;
    if (input.value) defaultValues[name] = input.value;
    if (input === document.activeElement) initialFocus = name;
  }
  return { defaultValues, initialFocus };
}
