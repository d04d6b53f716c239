'use client';

import { useActionState, useRef, useState, useTransition, type ReactNode } from 'react';
import { ui } from '@/components/console/ui';
import { previewBodyAction, saveContentAction, type BodyPreview, type ContentFormState } from './content-actions';
import { labelOf, saveMessages } from './content-labels';
import type { ContentKindName as ContentKind, FieldProblem } from './content-types';

export interface ContentFormProps {
  kind: ContentKind;
  isNew: boolean;
  values: Record<string, string>;
  coverSrc: string | null;
  categories: { value: string; label: string }[];
  authors: { value: string; label: string }[];
}

const months = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];

/** «Опубликовать 16 декабря 2026 в 10:00» for the datetime-local value (already Moscow time). */
export function publishAtLabel(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(value);
  if (!match) return 'Опубликовать в указанное время';
  return `Опубликовать ${Number(match[3])} ${months[Number(match[2]) - 1]} ${match[1]} в ${match[4]}`;
}

/** The upload's refusal, in the API's words, or a network failure. */
async function uploadCover(file: File): Promise<{ id: number; src: string } | { error: string }> {
  try {
    const response = await fetch('/api/admin/content-images', { method: 'POST', headers: { 'content-type': file.type || 'image/*' }, body: file });
    const body = (await response.json()) as { id?: number; src?: string; message?: string };
    if (response.ok && body.id && body.src) return { id: body.id, src: body.src };
    return { error: body.message ?? 'Обложка не загрузилась: попробуйте ещё раз' };
  } catch {
    return { error: 'Обложка не загрузилась: нет связи с сайтом, попробуйте ещё раз' };
  }
}

/** A labelled field with its hint and its problems (`problems`: this field's). */
function Field({ name, label, problems, children, hint }: { name: string; label: string; problems: FieldProblem[]; children: ReactNode; hint?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={name} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && <p className="text-xs text-gray-600">{hint}</p>}
      {problems.length > 0 && (
        <p id={`${name}-error`} className="text-sm text-red-700">
          {problems.map((problem) => problem.message).join('. ')}
        </p>
      )}
    </div>
  );
}

/** An article's or event's form: its fields, the cover upload, «Сохранить черновик» and the two ways to publish. Checked on the server. */
export function ContentForm({ kind, isNew, values, coverSrc, categories, authors }: ContentFormProps) {
  const [state, action, pending] = useActionState<ContentFormState, FormData>(saveContentAction, { values, problems: [] });
  const [cover, setCover] = useState({ id: values.cover ?? '', src: coverSrc, error: '' });
  const [publishAt, setPublishAt] = useState(state.values.publishAt ?? '');
  const [preview, setPreview] = useState<BodyPreview | null>(null);
  const [previewing, startPreview] = useTransition();
  const formRef = useRef<HTMLFormElement>(null);
  const typed = state.values;
  const problemsOf = (field: string) => state.problems.filter((problem) => problem.field === field);
  const invalid = (field: string) => (problemsOf(field).length > 0 ? { 'aria-invalid': true as const, 'aria-describedby': `${field}-error` } : {});

  const text = (name: string, rows?: number) =>
    rows ? (
      <textarea id={name} name={name} rows={rows} defaultValue={typed[name] ?? ''} className={ui.input} {...invalid(name)} />
    ) : (
      <input id={name} name={name} defaultValue={typed[name] ?? ''} className={ui.input} {...invalid(name)} />
    );

  function showPreview() {
    const form = formRef.current;
    if (!form) return;
    startPreview(async () => setPreview(await previewBodyAction(new FormData(form))));
  }

  return (
    // Drawn anew with each answer's values: React resets a form after its action, and a <select> goes back to
    // the option it was first drawn with, not to its new defaultValue (the typed text stays either way).
    <form
      key={JSON.stringify(typed)}
      ref={formRef}
      action={action}
      aria-label={kind === 'article' ? 'Статья' : 'Событие'}
      className="flex max-w-3xl flex-col gap-4"
    >
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="isNew" value={isNew ? '1' : ''} />
      <input type="hidden" name="cover" value={cover.id} />
      {state.problems.length > 0 && (
        <div role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-medium">{saveMessages.refused}</p>
          <ul className="list-disc pl-5">
            {state.problems.map((problem, index) => (
              <li key={index}>{problem.field && labelOf(kind, problem.field) ? `${labelOf(kind, problem.field)}: ${problem.message}` : problem.message}</li>
            ))}
          </ul>
        </div>
      )}
      {isNew ? (
        <Field
          name="slug"
          label={labelOf(kind, 'slug')!}
          problems={problemsOf('slug')}
          hint={`Часть адреса страницы: ${kind === 'article' ? '/media/' : '/events/'}… — латинские буквы, цифры и дефисы. После первого сохранения не меняется.`}
        >
          {text('slug')}
        </Field>
      ) : (
        <p className="text-sm">
          Адрес страницы: <code>{`${kind === 'article' ? '/media/' : '/events/'}${typed.slug}`}</code>
          <input type="hidden" name="slug" value={typed.slug ?? ''} />
        </p>
      )}
      {kind === 'article' ? (
        <>
          <Field name="title" label={labelOf(kind, 'title')!} problems={problemsOf('title')}>
            {text('title')}
          </Field>
          <Field
            name="lead"
            label={labelOf(kind, 'lead')!}
            problems={problemsOf('lead')}
            hint="Одно-два предложения под заголовком; его же видят поисковики. До 220 символов."
          >
            {text('lead', 3)}
          </Field>
          <Field
            name="body"
            label={labelOf(kind, 'body')!}
            problems={problemsOf('body')}
            hint="Markdown: ## подзаголовок, **жирный**, [ссылка](https://…), `код`. Цены — ссылкой: {цена advanced-js}."
          >
            {text('body', 16)}
          </Field>
          <div>
            <button type="button" className={ui.button} onClick={showPreview} disabled={previewing}>
              Предпросмотр
            </button>
          </div>
          <section aria-label="Предпросмотр текста" aria-live="polite">
            {preview?.problems.length ? (
              <p className="text-sm text-red-700">{preview.problems.map((problem) => problem.message).join('. ')}</p>
            ) : preview?.html ? (
              <div className="prose max-w-none rounded border border-gray-200 bg-white p-4" dangerouslySetInnerHTML={{ __html: preview.html }} />
            ) : null}
          </section>
          {(
            [
              ['category', categories],
              ['author', authors],
            ] as const
          ).map(([field, options]) => (
            <Field key={field} name={field} label={labelOf(kind, field)!} problems={problemsOf(field)}>
              <select id={field} name={field} defaultValue={typed[field] ?? ''} className={ui.input} {...invalid(field)}>
                <option value="">— выберите —</option>
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </Field>
          ))}
        </>
      ) : (
        <>
          <Field name="title" label={labelOf(kind, 'title')!} problems={problemsOf('title')}>
            {text('title')}
          </Field>
          <Field name="startsAt" label={labelOf(kind, 'startsAt')!} problems={problemsOf('startsAt')} hint="Время московское.">
            <input id="startsAt" name="startsAt" type="datetime-local" defaultValue={typed.startsAt ?? ''} className={ui.input} {...invalid('startsAt')} />
          </Field>
          <Field name="place" label={labelOf(kind, 'place')!} problems={problemsOf('place')} hint="Адрес или ссылка на трансляцию.">
            {text('place')}
          </Field>
          <Field name="description" label={labelOf(kind, 'description')!} problems={problemsOf('description')} hint="Первые 200 символов видят поисковики.">
            {text('description', 6)}
          </Field>
          <fieldset className="flex flex-col gap-4 rounded border border-gray-200 p-3">
            <legend className="px-1 text-sm font-semibold">Форма регистрации</legend>
            <Field name="formHeading" label={labelOf(kind, 'formHeading')!} problems={problemsOf('formHeading')}>
              {text('formHeading')}
            </Field>
            <Field name="formText" label={labelOf(kind, 'formText')!} problems={problemsOf('formText')}>
              {text('formText', 2)}
            </Field>
            <Field name="buttonLabel" label={labelOf(kind, 'buttonLabel')!} problems={problemsOf('buttonLabel')}>
              {text('buttonLabel')}
            </Field>
          </fieldset>
        </>
      )}
      <Field
        name="cover"
        label={labelOf(kind, 'cover')!}
        problems={problemsOf('cover')}
        hint="JPEG, PNG или WebP до 8 МБ; на сайте — WebP шириной до 1 600 px."
      >
        <input
          id="cover"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="text-sm"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            const uploaded = await uploadCover(file);
            setCover('error' in uploaded ? { ...cover, error: uploaded.error } : { id: String(uploaded.id), src: uploaded.src, error: '' });
          }}
          {...invalid('cover')}
        />
      </Field>
      {cover.error && (
        <p role="alert" className="text-sm text-red-700">
          {cover.error}
        </p>
      )}
      {cover.src && (
        // The console shows the stored picture as it is; the site's pages size it themselves.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={cover.src} alt="Загруженная обложка" className="max-h-48 w-auto self-start rounded border border-gray-200" />
      )}
      <div className="flex flex-wrap items-end gap-3 border-t border-gray-200 pt-4">
        <button type="submit" name="intent" value="draft" className={ui.button} disabled={pending}>
          Сохранить черновик
        </button>
        <button type="submit" name="intent" value="now" className={ui.primaryButton} disabled={pending}>
          Опубликовать сейчас
        </button>
        <Field name="publishAt" label={labelOf(kind, 'publishAt')!} problems={problemsOf('publishAt')} hint="Время московское.">
          <input
            id="publishAt"
            name="publishAt"
            type="datetime-local"
            value={publishAt}
            onChange={(event) => setPublishAt(event.target.value)}
            className={ui.input}
            {...invalid('publishAt')}
          />
        </Field>
        <button type="submit" name="intent" value="at" className={ui.button} disabled={pending || publishAt === ''}>
          {publishAtLabel(publishAt)}
        </button>
      </div>
    </form>
  );
}
