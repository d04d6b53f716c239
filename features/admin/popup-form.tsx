'use client';

import { useActionState, useMemo, useRef, useState } from 'react';
import { lines, popupCoverage, type PopupField, type PopupForm, type PopupProblem } from '@/lib/popups/edit-check';
import type { ManagedPopupConfig } from '@/lib/popups/managed';
import { previewParameter, previewStorageKey } from '@/lib/popups/preview';
import { previewPopupAction, savePopupAction, type PopupFormState } from './popup-actions';
import { pagesPhrase, popupFieldLabels, popupProblemText, popupSaveMessages } from './popup-labels';
import { ui } from './ui';

export interface PopupFormProps {
  id: string;
  version: number;
  form: PopupForm;
  /** The site's pages, and the other pop-ups' targeting, for «Будет показываться на N страницах». */
  paths: readonly string[];
  others: readonly { id: string; config: ManagedPopupConfig }[];
  /** Shown when the pop-up is bound to pages by their marker (the gift page). */
  markerNote: string | null;
  /** Set right after this operator saved `version`: the confirmation. */
  justSaved: boolean;
}

/** One pop-up's form (issue 25): its texts, switch, delay, pages and window; checked on the server. */
export function PopupEditForm(props: PopupFormProps) {
  const initial: PopupFormState = { form: props.form, version: props.version, problems: [], outcome: null };
  const [state, action, pending] = useActionState<PopupFormState, FormData>(savePopupAction, initial);
  const [targeting, setTargeting] = useState({ include: props.form.includePaths, exclude: props.form.excludePaths });
  const [previewProblems, setPreviewProblems] = useState<PopupProblem[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const coverage = useMemo(
    () => popupCoverage(props.id, { includePaths: lines(targeting.include), excludePaths: lines(targeting.exclude) }, props.others, props.paths),
    [props.id, props.others, props.paths, targeting],
  );
  const problems = state.problems.length > 0 ? state.problems : previewProblems;
  const problemsOf = (field: PopupField) => problems.filter((problem) => problem.field === field);
  const form = state.form;
  const gift = form.price !== undefined;

  const errorOf = (field: PopupField) => {
    const own = problemsOf(field);
    if (own.length === 0) return null;
    return (
      <span id={`${field}-error`} className="text-sm text-red-700">
        {own.map((problem) => popupProblemText(problem)).join('. ')}
      </span>
    );
  };
  const described = (field: PopupField) => (problemsOf(field).length > 0 ? { 'aria-invalid': true, 'aria-describedby': `${field}-error` } : {});
  const fieldClass = 'flex flex-col gap-1 text-sm';

  const preview = async () => {
    if (!formRef.current) return;
    // Opened now, inside the click, so no pop-up blocker stops it; pointed at the page once the check answers.
    const tab = window.open('about:blank', '_blank');
    const result = await previewPopupAction(new FormData(formRef.current));
    setPreviewProblems(result.problems);
    if (!result.popup) return tab?.close();
    window.localStorage.setItem(previewStorageKey, JSON.stringify(result.popup));
    const page = coverage.pages[0] ?? '/';
    if (tab) tab.location.href = `${page}?${previewParameter}=1`;
  };

  return (
    <form
      ref={formRef}
      action={action}
      aria-label="Поп-ап"
      className="flex max-w-3xl flex-col gap-4"
      onInput={(event) => {
        const target = event.target as HTMLTextAreaElement;
        if (target.name === 'includePaths') setTargeting((current) => ({ ...current, include: target.value }));
        if (target.name === 'excludePaths') setTargeting((current) => ({ ...current, exclude: target.value }));
      }}
    >
      <input type="hidden" name="id" value={props.id} />
      <input type="hidden" name="version" value={state.version} />
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" role="switch" name="enabled" defaultChecked={form.enabled} />
        {popupFieldLabels.enabled}
      </label>
      <div className={fieldClass}>
        <label htmlFor="popup-headline">{popupFieldLabels.headline}</label>
        <input id="popup-headline" name="headline" defaultValue={form.headline} className={ui.input} {...described('headline')} />
        {errorOf('headline')}
      </div>
      <div className={fieldClass}>
        <label htmlFor="popup-text">{popupFieldLabels.text}</label>
        <textarea id="popup-text" name="text" rows={3} defaultValue={form.text} className={ui.input} {...described('text')} />
        {errorOf('text')}
      </div>
      <div className={fieldClass}>
        <label htmlFor="popup-buttonLabel">{popupFieldLabels.buttonLabel}</label>
        <input id="popup-buttonLabel" name="buttonLabel" defaultValue={form.buttonLabel} className={ui.input} {...described('buttonLabel')} />
        {errorOf('buttonLabel')}
      </div>
      {gift && (
        <div className="flex flex-wrap gap-4">
          <div className={fieldClass}>
            <label htmlFor="popup-price">{popupFieldLabels.price}</label>
            <input id="popup-price" name="price" inputMode="numeric" defaultValue={form.price} className={ui.input} {...described('price')} />
            {errorOf('price')}
          </div>
          <div className={fieldClass}>
            <label htmlFor="popup-oldPrice">{popupFieldLabels.oldPrice}</label>
            <input id="popup-oldPrice" name="oldPrice" inputMode="numeric" defaultValue={form.oldPrice} className={ui.input} {...described('oldPrice')} />
            {errorOf('oldPrice')}
          </div>
        </div>
      )}
      <div className={fieldClass}>
        <label htmlFor="popup-delaySeconds">{popupFieldLabels.delaySeconds}</label>
        <input id="popup-delaySeconds" name="delaySeconds" inputMode="numeric" defaultValue={form.delaySeconds} className={`${ui.input} w-32`} {...described('delaySeconds')} />
        <span className="text-gray-600">От 0 до 600: 0 — сразу после загрузки страницы, 30 — через полминуты.</span>
        {errorOf('delaySeconds')}
      </div>
      <div className={fieldClass}>
        <label htmlFor="popup-includePaths">{popupFieldLabels.includePaths}</label>
        <textarea id="popup-includePaths" name="includePaths" rows={5} defaultValue={form.includePaths} className={`${ui.input} font-mono`} {...described('includePaths')} />
        <span className="text-gray-600">
          Один путь в строке: /products/git — только эта страница, /products/git/* — все страницы внутри, /* — весь сайт.
        </span>
        {errorOf('includePaths')}
      </div>
      <div className={fieldClass}>
        <label htmlFor="popup-excludePaths">{popupFieldLabels.excludePaths}</label>
        <textarea id="popup-excludePaths" name="excludePaths" rows={3} defaultValue={form.excludePaths} className={`${ui.input} font-mono`} {...described('excludePaths')} />
        {errorOf('excludePaths')}
      </div>
      <section aria-label="Где будет показываться" className="rounded border border-gray-200 bg-white p-3 text-sm">
        {props.markerNote && <p>{props.markerNote}</p>}
        <p>Будет показываться {pagesPhrase(coverage.pages.length)}</p>
        {coverage.pages.length > 0 && (
          <details>
            <summary>Список страниц</summary>
            <ul className="ml-4 list-disc font-mono">
              {coverage.pages.map((page) => (
                <li key={page}>{page}</li>
              ))}
            </ul>
          </details>
        )}
        {coverage.lostTo.length > 0 && (
          <>
            <p className="mt-2">На этих страницах вместо него покажется другой поп-ап (его путь точнее):</p>
            <ul className="ml-4 list-disc">
              {coverage.lostTo.map((page) => (
                <li key={page.path}>
                  <span className="font-mono">{page.path}</span> — «{page.winner}»
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <div className="flex flex-wrap gap-4">
        <div className={fieldClass}>
          <label htmlFor="popup-startsAt">{popupFieldLabels.startsAt}</label>
          <input id="popup-startsAt" name="startsAt" type="datetime-local" defaultValue={form.startsAt} className={ui.input} {...described('startsAt')} />
          {errorOf('startsAt')}
        </div>
        <div className={fieldClass}>
          <label htmlFor="popup-endsAt">{popupFieldLabels.endsAt}</label>
          <input id="popup-endsAt" name="endsAt" type="datetime-local" defaultValue={form.endsAt} className={ui.input} {...described('endsAt')} />
          {errorOf('endsAt')}
        </div>
        <p className="basis-full text-sm text-gray-600">Время московское; пустое поле — без ограничения.</p>
      </div>
      <div className="flex gap-3">
        <button type="submit" disabled={pending} className={ui.primaryButton}>
          Сохранить
        </button>
        <button type="button" onClick={() => void preview()} className={ui.button}>
          Предпросмотр
        </button>
      </div>
      <p role="status" aria-live="polite" className={`text-sm ${state.outcome ? 'text-red-700' : ''}`}>
        {state.outcome === null && props.justSaved && popupSaveMessages.saved(props.version)}
        {state.outcome === 'invalid' && popupSaveMessages.invalid}
        {state.outcome === 'conflict' && popupSaveMessages.conflict}
        {state.outcome === 'not_found' && popupSaveMessages.notFound}
      </p>
    </form>
  );
}
