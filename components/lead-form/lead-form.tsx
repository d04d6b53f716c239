'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { cn } from '@/components/ui/cn';
import type { LeadFormConfig, LeadFormKind } from '@/lib/leads/form-config';
import { leadFormSchema, type LeadFormValues } from '@/lib/validation/lead';
import { DEFAULT_COUNTRY } from '@/lib/validation/phone';
import { ConsentLine } from './consent-line';
import { FormSuccess } from './form-success';
import { HONEYPOT_FIELD, HoneypotField } from './honeypot-field';
import { PhoneField } from './phone-field';
import { phoneFromInput } from './phone-format';
import { showSubmitErrorToast } from './submit-error-toast';
import { SubmitButton } from './submit-button';
import { submissionKeysFor } from './submission-key';
import { LeadSubmitError, LEAD_FAILED, submitLead, type SubmissionSnapshot } from './submit';
import { TextField } from './text-field';
import { MessengerLink, PhoneLink } from '@/components/layout/contact-links';
import { SERVER_FAILED_TEXT, STILL_TRYING_AFTER_MS, STILL_TRYING_TEXT } from './submit-status-texts';

/**
 * The lead form every form of the site is built from: name, e-mail and phone with
 * validation on every change, submit disabled until valid, a spinner while sending, the thank-you view
 * (and a reset form) on success, and on failure the destructive toast, a revalidated form and the
 * server error marked in it.
 *
 *   <LeadForm
 *     config={{ formType: 'ajax', formId: 'contact', submitAnalyticsEvent: { event: 'lead', product_name: 'contact', id_form: 'contact' } }}
 *     submitLabel="Оставить заявку"              // default 'Отправить'
 *     submittingLabel="Отправка..."              // optional; the spinner shows either way
 *     success={<FormSuccess title="Заявка отправлена!" />}   // or ({ kind, values, showForm }) => …
 *     variantId={variantId} blockId="lead-form"  // extra submit data
 *     onSuccess={({ kind, values }) => …} onError={(error) => …}
 *     renderFooter={() => <ConsentLine />}       // under the button; the consent line by default
 *     defaultValues={{ fullName: 'Анна' }} initialFocus="email"   // optional start values and focus
 *   >{children: extra content between the fields and the button}</LeadForm>
 *
 * The config's kind picks the submit flow (submit.ts): `{ formType: 'ajax', formId, … }` goes
 * through our back end; a native config `{ formId, formAction, helperId, helperRefId, requestTime,
 * requestSignature, openInNewTab?, … }` is posted by the browser to GetCourse.
 */

export interface LeadFormSuccess {
  kind: LeadFormKind;
  values: LeadFormValues;
}

export interface LeadFormRenderState {
  isSubmitting: boolean;
  canSubmit: boolean;
}

export interface LeadFormProps {
  config: LeadFormConfig;
  submitLabel?: ReactNode;
  submittingLabel?: ReactNode;
  /** Shown instead of the form after a successful submit. `showForm` brings the (reset) form back. */
  success?: ReactNode | ((result: LeadFormSuccess & { showForm: () => void }) => ReactNode);
  variantId?: string;
  blockId?: string;
  onSuccess?: (result: LeadFormSuccess) => void;
  /** Called after a failed submit (the toast has been shown unless `errorToast` is false). */
  onError?: (error: unknown) => void;
  errorToast?: boolean;
  renderFooter?: (state: LeadFormRenderState) => ReactNode;
  children?: ReactNode;
  /** Values to start with (e.g. what was typed into a placeholder while the form loaded). */
  defaultValues?: Partial<LeadFormValues>;
  /** The field to focus when the form appears, the caret after its text. */
  initialFocus?: keyof LeadFormValues;
  className?: string;
  submitClassName?: string;
}

const emptyValues: LeadFormValues = { fullName: '', email: '', phone: '' };

/** Where the server's field errors (`contacts.name`, …) go in the form. */
const serverFieldPaths: Record<string, FieldPath<LeadFormValues>> = {
  'contacts.name': 'fullName',
  'contacts.email': 'email',
  'contacts.phone': 'phone',
};

export function LeadForm({
  config,
  submitLabel = 'Отправить',
  submittingLabel,
  success,
  variantId,
  blockId,
  onSuccess,
  onError,
  errorToast = true,
  renderFooter = () => <ConsentLine />,
  children,
  defaultValues,
  initialFocus,
  className,
  submitClassName,
}: LeadFormProps) {
  const form = useForm<LeadFormValues>({
    mode: 'onChange',
    resolver: zodResolver(leadFormSchema),
    defaultValues: { ...emptyValues, ...defaultValues, phone: normalizePhone(defaultValues?.phone) },
  });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isValid, isSubmitting },
  } = form;
  const [succeeded, setSucceeded] = useState<LeadFormSuccess | null>(null);
  // setError() marks the form invalid until the next change; a failed send of valid values may be retried.
  const [retryable, setRetryable] = useState(false);
  // One idempotency key per submission, kept for a second press with the same values, also from a
  // reopened popover or modal (submission-key.ts).
  const [keys] = useState(() => submissionKeysFor<SubmissionSnapshot>(`${config.formId}:${blockId ?? ''}`));
  // A send that takes longer than usual (the server answers 5xx, the network is slow) says so while retrying.
  const [stillTrying, setStillTrying] = useState(false);
  const [serverFailed, setServerFailed] = useState(false);
  useEffect(() => {
    if (!isSubmitting) return;
    const timer = setTimeout(() => setStillTrying(true), STILL_TRYING_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setStillTrying(false);
    };
  }, [isSubmitting]);

  useEffect(() => {
    if (!initialFocus) return;
    form.setFocus(initialFocus);
    const focused = document.activeElement;
    if (focused instanceof HTMLInputElement) focused.setSelectionRange(focused.value.length, focused.value.length);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- focus only when the form first appears, not on every re-render
  }, []);

  const onSubmit = handleSubmit(async (values, event) => {
    setRetryable(false);
    setServerFailed(false);
    try {
      // Retries on a bad network happen inside (up to network-policy.ts's budget), the button spinning.
      const kind = await submitLead(config, values, { variantId, blockId, honeypot: honeypotValue(event?.target), keys });
      form.reset(emptyValues);
      setSucceeded({ kind, values });
      onSuccess?.({ kind, values });
    } catch (error) {
      if (errorToast) showSubmitErrorToast();
      const valid = await form.trigger();
      for (const { path, message } of error instanceof LeadSubmitError ? error.fieldErrors : []) {
        const field = serverFieldPaths[path];
        if (field) form.setError(field, { type: 'server', message });
      }
      form.setError('root.server', { type: 'server', message: LEAD_FAILED });
      const fieldRefusal = error instanceof LeadSubmitError && error.fieldErrors.length > 0;
      setRetryable(valid && !fieldRefusal);
      setServerFailed(!fieldRefusal);
      onError?.(error);
    }
  });

  if (succeeded) {
    const showForm = () => setSucceeded(null);
    if (typeof success === 'function') return <>{success({ ...succeeded, showForm })}</>;
    return <>{success ?? <FormSuccess title="Заявка отправлена!" description="Мы свяжемся с вами в ближайшее время." />}</>;
  }

  const hasFieldErrors = Boolean(errors.fullName || errors.email || errors.phone);
  const canSubmit = isValid || (retryable && !hasFieldErrors);
  const serverError = errors.root?.server?.message;

  return (
    <form onSubmit={onSubmit} noValidate className={cn('relative grid gap-3', className)} aria-busy={isSubmitting || undefined}>
      <TextField {...register('fullName')} placeholder="Имя" autoComplete="name" error={errors.fullName?.message} />
      <TextField
        {...register('email')}
        type="email"
        inputMode="email"
        placeholder="E-mail"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.email?.message}
      />
      <Controller control={control} name="phone" render={({ field, fieldState }) => <PhoneField {...field} error={fieldState.error?.message} />} />
      <HoneypotField />
      {children}
      {isSubmitting && stillTrying && (
        <p role="status" className="text-sm font-medium text-gray-700">
          {STILL_TRYING_TEXT}
        </p>
      )}
      {serverError && !isSubmitting && (
        <p role="alert" className="text-sm font-medium text-red-600">
          {serverFailed ? (
            <>
              {serverError}. {SERVER_FAILED_TEXT} <MessengerLink messenger="telegram" className="underline" />,{' '}
              <MessengerLink messenger="whatsapp" className="underline" /> или по телефону <PhoneLink className="whitespace-nowrap underline" />.
            </>
          ) : (
            <>{serverError}. Проверьте данные и попробуйте ещё раз.</>
          )}
        </p>
      )}
      <SubmitButton submitting={isSubmitting} submittingLabel={submittingLabel} disabled={!canSubmit} className={submitClassName}>
        {submitLabel}
      </SubmitButton>
      {renderFooter({ isSubmitting, canSubmit })}
    </form>
  );
}

/** A phone typed before the phone field existed (plain text) in the field's international format. */
function normalizePhone(text: string | undefined): string {
  return text?.trim() ? phoneFromInput(text, DEFAULT_COUNTRY).value : '';
}

function honeypotValue(form: EventTarget | null | undefined): string {
  if (!(form instanceof HTMLFormElement)) return '';
  const input = form.elements.namedItem(HONEYPOT_FIELD);
  return input instanceof HTMLInputElement ? input.value : '';
}
