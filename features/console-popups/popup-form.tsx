'use client';

import { useActionState, useMemo, useRef, useState } from 'react';
import type { PageChoiceGroup } from '@/content/names';
import { lines, popupCoverage, type PopupField, type PopupForm, type PopupProblem } from '@/lib/popups/edit-check';
import type { ManagedPopupConfig } from '@/lib/popups/managed';
import { previewParameter, previewStorageKey } from '@/lib/popups/preview';
import { PagePicker } from './page-picker';
import { previewPopupAction, savePopupAction, type PopupFormState } from './popup-actions';
import { pagesPhrase, popupFieldLabels, popupProblemText, popupSaveMessages } from './popup-labels';
import { ui } from '@/components/console/ui';
import { CopyButton } from '@/components/console/copy-button';
import { formatRub } from '@/lib/money';

export interface PopupFormProps {
  id: string;
  version: number;
  form: PopupForm;
  /** A gift pop-up's prices as visitors see them now, in roubles (a reference looked up in its course). */
  shownPrices?: { price: number; oldPrice: number } | null;
  /**
   * The site's pages by name, grouped, to choose from (no secret page among them); their paths, and the
   * other pop-ups' targeting, for «Будет показываться на N страницах».
   */
  pageChoices: readonly PageChoiceGroup[];
  /** The names of the paths and patterns the pop-up has now (also those no list offers). */
  patternNames: Readonly<Record<string, string>>;
  others: readonly { id: string; name: string; config: ManagedPopupConfig }[];
  /** Shown when the pop-up is bound to pages by their marker and no page has it. */
  markerNote: string | null;
  /** The page its marker binds it to (the gift page), by its full address: it shows there whatever its paths. */
  markedPage?: { label: string; url: string } | null;
  /** Set right after this operator saved `version`: the confirmation. */
  justSaved: boolean;
}

type EditedField = Exclude<PopupField, 'enabled' | PagesField>;
/** The pages, chosen by name from a list (page-picker.tsx). */
type PagesField = 'includePaths' | 'excludePaths';

/** How each field is entered: a textarea of `rows` lines, or else an input. */
const controls: Record<EditedField, { rows?: number; type?: 'datetime-local'; inputMode?: 'numeric'; className?: string; hint?: string }> = {
  headline: {},
  text: { rows: 3 },
  buttonLabel: {},
  price: { className: `${ui.input} w-72` },
  oldPrice: {
    className: `${ui.input} w-72`,
    hint: 'Число рублей или ссылка на цену курса: {цена advanced-js} (тариф 2 — {цена advanced-js 2}); ссылка меняется вместе с ценой курса.',
  },
  delaySeconds: { inputMode: 'numeric', className: `${ui.input} w-32`, hint: 'От 0 до 600: 0 — сразу после загрузки страницы, 30 — через полминуты.' },
  startsAt: { type: 'datetime-local' },
  endsAt: { type: 'datetime-local' },
};

/** The fields in the order of the form; the prices only on a gift pop-up. */
const textFields: EditedField[] = ['headline', 'text', 'buttonLabel'];
const priceFields: EditedField[] = ['price', 'oldPrice'];
const pagesFields: PagesField[] = ['includePaths', 'excludePaths'];
const windowFields: EditedField[] = ['startsAt', 'endsAt'];

/** One pop-up's form: its texts, switch, delay, pages and window; checked on the server. */
export function PopupEditForm(props: PopupFormProps) {
  const initial: PopupFormState = { form: props.form, version: props.version, problems: [], outcome: null };
  const [state, action, pending] = useActionState<PopupFormState, FormData>(savePopupAction, initial);
  const [targeting, setTargeting] = useState({ includePaths: lines(props.form.includePaths), excludePaths: lines(props.form.excludePaths) });
  const [previewProblems, setPreviewProblems] = useState<PopupProblem[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const pages = useMemo(() => new Map(props.pageChoices.flatMap((group) => group.choices).map((choice) => [choice.value, choice.name])), [props.pageChoices]);
  const coverage = useMemo(
    () =>
      popupCoverage(
        props.id,
        targeting,
        props.others,
        [...pages.keys()].filter((value) => !value.endsWith('*')),
      ),
    [props.id, props.others, pages, targeting],
  );
  const pageNameOf = (path: string) => pages.get(path) ?? path;
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

  /** A labelled field: its control as `controls` describes it, its hint and its problems. */
  const renderField = (name: EditedField) => {
    const { rows, type, inputMode, className = ui.input, hint } = controls[name];
    const attributes = { id: `popup-${name}`, name };
    return (
      <div key={name} className="flex flex-col gap-1 text-sm">
        <label htmlFor={attributes.id}>{popupFieldLabels[name]}</label>
        {rows ? (
          <textarea {...attributes} rows={rows} defaultValue={form[name]} className={className} {...described(name)} />
        ) : (
          <input {...attributes} type={type} inputMode={inputMode} defaultValue={form[name]} className={className} {...described(name)} />
        )}
        {hint && <span className="max-w-sm text-gray-600">{hint}</span>}
        {(name === 'price' || name === 'oldPrice') && props.shownPrices && (
          <span className="text-gray-600">Сейчас на сайте: {formatRub(props.shownPrices[name])}</span>
        )}
        {errorOf(name)}
      </div>
    );
  };

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
    <form ref={formRef} action={action} aria-label="Поп-ап" className="flex max-w-3xl flex-col gap-4">
      <input type="hidden" name="id" value={props.id} />
      <input type="hidden" name="version" value={state.version} />
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" role="switch" name="enabled" defaultChecked={form.enabled} />
        {popupFieldLabels.enabled}
      </label>
      {textFields.map(renderField)}
      {gift && <div className="flex flex-wrap gap-4">{priceFields.map(renderField)}</div>}
      {renderField('delaySeconds')}
      {pagesFields.map((field) => (
        <div key={field} className="flex flex-col gap-1">
          <PagePicker
            name={field}
            label={popupFieldLabels[field]}
            chosen={targeting[field]}
            choices={props.pageChoices}
            names={props.patternNames}
            onChange={(chosen) => setTargeting((current) => ({ ...current, [field]: chosen }))}
            errorId={problemsOf(field).length > 0 ? `${field}-error` : undefined}
          />
          {errorOf(field)}
        </div>
      ))}
      <section aria-label="Где будет показываться" className="rounded border border-gray-200 bg-white p-3 text-sm">
        {props.markerNote && <p>{props.markerNote}</p>}
        {props.markedPage && (
          <>
            <p className="flex flex-wrap items-center gap-2">
              <span>
                {props.markedPage.label}:{' '}
                <a href={props.markedPage.url} className={`${ui.link} break-all`} target="_blank" rel="noreferrer">
                  {props.markedPage.url}
                </a>
              </span>
              <CopyButton text={props.markedPage.url}>Скопировать адрес</CopyButton>
            </p>
            <p className="text-gray-600">Адрес нигде на сайте не опубликован: его дают в рассылке тем, кому подарок. На этой странице он важнее любого пути.</p>
          </>
        )}
        {(!props.markedPage || coverage.pages.length > 0) && (
          <p>
            {props.markedPage ? 'Кроме неё, будет показываться' : 'Будет показываться'} {pagesPhrase(coverage.pages.length)}
          </p>
        )}
        {coverage.pages.length > 0 && (
          <details>
            <summary>Список страниц</summary>
            <ul className="ml-4 list-disc">
              {coverage.pages.map((page) => (
                <li key={page}>{pageNameOf(page)}</li>
              ))}
            </ul>
          </details>
        )}
        {coverage.lostTo.length > 0 && (
          <>
            <p className="mt-2">На этих страницах вместо него покажется другой поп-ап (его страницы указаны точнее):</p>
            <ul className="ml-4 list-disc">
              {coverage.lostTo.map((page) => (
                <li key={page.path}>
                  {pageNameOf(page.path)} — «{props.others.find((other) => other.id === page.winner)?.name ?? page.winner}»
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <div className="flex flex-wrap gap-4">
        {windowFields.map(renderField)}
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
