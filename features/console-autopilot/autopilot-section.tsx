import Link from 'next/link';
import { testedPlaceName } from '@/content/names';
import { ActionButton } from '@/components/console/action-button';
import { moscowTime } from '@/components/console/moscow-time';
import { TableHead } from '@/components/console/table-head';
import { ui } from '@/components/console/ui';
import { elementsOf } from '@/lib/experiments/autopilot';
import { elementLabels, endReasonText, proposalReason } from '@/lib/experiments/autopilot-words';
import type { AutopilotProposal } from '@/server/repositories/autopilot';
import { addPatternAction, approveProposalAction, dismissProposalAction, removePatternAction, retestAction, saveAutopilotAction } from './autopilot-actions';
import { autopilotNotices } from './autopilot-labels';
import type { AutopilotData } from './load';

const percent = (x: number) => `${(x * 100).toFixed(1).replace('.', ',')} %`;
const allElements = [...new Set([...elementsOf.popup, ...elementsOf.page])];

/** What a proposal changes, for a row and for its buttons' names. */
const changeOf = (p: AutopilotProposal) => `${testedPlaceName(p.kind, p.place)}: ${elementLabels[p.element].toLowerCase()}`;

function testLink(p: AutopilotProposal) {
  if (!p.testId) return null;
  const href = p.kind === 'popup' ? `/admin/popups/${encodeURIComponent(p.place)}` : `/admin/page-tests/${encodeURIComponent(p.testId)}`;
  return (
    <Link href={href} className={ui.link}>
      Открыть тест
    </Link>
  );
}

function ProposalTable({
  caption,
  proposals,
  actions,
}: {
  caption: string;
  proposals: AutopilotProposal[];
  actions: (p: AutopilotProposal) => React.ReactNode;
}) {
  return (
    <table className={`${ui.table} max-w-5xl`}>
      <caption className="sr-only">{caption}</caption>
      <TableHead columns={['Где', 'Что меняем', 'Новый вариант', 'Почему', 'Действия']} />
      <tbody>
        {proposals.map((p) => (
          <tr key={p.id} data-testid="autopilot-proposal">
            <td>{testedPlaceName(p.kind, p.place)}</td>
            <td>{elementLabels[p.element]}</td>
            <td>«{p.text}»</td>
            <td className="max-w-sm">{proposalReason({ ...p.figures, source: p.source })}</td>
            <td>
              <div className="flex flex-wrap gap-2">{actions(p)}</div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** «Автопилот» on «Тесты страниц»: the switch, proposals with «Запустить», the approved queue, what runs and ended, the team's patterns. */
export function AutopilotSection({ data, notice }: { data: AutopilotData; notice: string | null }) {
  const { settings, proposed, approved, running, done, patterns, futility } = data;
  const noticeText = notice ? autopilotNotices[notice] : undefined;
  return (
    <section aria-labelledby="autopilot" className="mt-8 max-w-5xl">
      <h2 id="autopilot" className={ui.h2}>
        Автопилот
      </h2>
      <p className="mb-2 text-sm">
        Автопилот сам предлагает следующий тест: где больше всего посетителей встречают поп-ап или страницу курса и меньше всего оставляют заявку, и какой
        элемент там ещё не проверяли. Варианты он берёт из того, что уже победило в других тестах, и из шаблонов команды. Ничего не запускается без кнопки
        «Запустить».
      </p>
      <p className="mb-3 text-sm" data-testid="autopilot-futility">
        Тест останавливается сам, когда есть вывод или когда шансов увидеть разницу почти не осталось (меньше 10 % после трети плана). Ложных выводов при этом
        не больше 5 % ({percent(futility.falsePositivesWithFutility)} в моделировании), а мощность теста снижается на{' '}
        {(futility.lost * 100).toFixed(1).replace('.', ',')} п. п. ({percent(futility.power)} → {percent(futility.powerWithFutility)} при разнице +20 %).
      </p>
      {noticeText && (
        <p role="status" className="mb-3 rounded bg-gray-100 px-3 py-2 text-sm" data-testid="autopilot-notice">
          {noticeText}
        </p>
      )}
      <form action={saveAutopilotAction} className="mb-4 flex flex-wrap items-center gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" name="enabled" defaultChecked={settings.enabled} />
          Автопилот включён
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="keepWinner" defaultChecked={settings.keepWinner} />
          Оставлять победителя автоматически
        </label>
        <button type="submit" className={ui.primaryButton}>
          Сохранить автопилот
        </button>
      </form>

      <h3 className="mb-2 mt-4 font-semibold">Предложения</h3>
      {proposed.length === 0 ? (
        <p className="text-sm">{settings.enabled ? 'Новых предложений пока нет.' : 'Включите автопилот, чтобы он предлагал тесты.'}</p>
      ) : (
        <ProposalTable
          caption="Предложенные тесты"
          proposals={proposed}
          actions={(p) => (
            <>
              <ActionButton action={approveProposalAction} fields={{ id: p.id }} className={ui.primaryButton} label={`Запустить: ${changeOf(p)}`}>
                Запустить
              </ActionButton>
              <ActionButton action={dismissProposalAction} fields={{ id: p.id }} label={`Отклонить: ${changeOf(p)}`}>
                Отклонить
              </ActionButton>
            </>
          )}
        />
      )}

      <h3 className="mb-2 mt-4 font-semibold">Очередь: одобрено</h3>
      {approved.length === 0 ? (
        <p className="text-sm">Одобренных тестов в очереди нет.</p>
      ) : (
        <ol className="list-decimal pl-6 text-sm" aria-label="Одобренные тесты по очереди">
          {approved.map((p) => (
            <li key={p.id} className="mb-1" data-testid="autopilot-approved">
              {changeOf(p)} «{p.text}» — одобрил {p.approvedBy}
              {p.approvedAt ? `, ${moscowTime(p.approvedAt)}` : ''}{' '}
              <ActionButton action={dismissProposalAction} fields={{ id: p.id }} label={`Убрать из очереди: ${changeOf(p)}`} formClassName="inline">
                Убрать из очереди
              </ActionButton>
            </li>
          ))}
        </ol>
      )}

      <h3 className="mb-2 mt-4 font-semibold">Идут</h3>
      {running.length === 0 ? (
        <p className="text-sm">Тестов автопилота сейчас нет.</p>
      ) : (
        <ul className="pl-0 text-sm">
          {running.map((p) => (
            <li key={p.id} className="mb-1" data-testid="autopilot-running">
              {changeOf(p)} «{p.text}», с {p.startedAt ? moscowTime(p.startedAt) : '—'} {testLink(p)}
            </li>
          ))}
        </ul>
      )}

      <h3 className="mb-2 mt-4 font-semibold">Закончены</h3>
      {done.length === 0 ? (
        <p className="text-sm">Законченных тестов автопилота пока нет.</p>
      ) : (
        <ul className="pl-0 text-sm">
          {done.map((p) => (
            <li key={p.id} className="mb-2" data-testid="autopilot-done">
              {changeOf(p)} «{p.text}»: {endReasonText(p.endReason ?? 'by_hand', p.kept)}
              {p.endedAt ? `, ${moscowTime(p.endedAt)}` : ''}.{' '}
              <Link href="/admin/learned" className={ui.link}>
                Что мы узнали
              </Link>{' '}
              <ActionButton action={retestAction} fields={{ id: p.id }} label={`Проверить снова: ${changeOf(p)} «${p.text}»`} formClassName="inline">
                Проверить снова
              </ActionButton>
            </li>
          ))}
        </ul>
      )}

      <h3 className="mb-2 mt-4 font-semibold">Шаблоны команды</h3>
      {patterns.length === 0 ? (
        <p className="text-sm">Шаблонов пока нет: автопилот возьмёт варианты только из прошлых побед.</p>
      ) : (
        <ul className="mb-2 pl-0 text-sm">
          {patterns.map((pattern) => (
            <li key={pattern.id} className="mb-1" data-testid="autopilot-pattern">
              {elementLabels[pattern.element]}: «{pattern.text}»{' '}
              <ActionButton action={removePatternAction} fields={{ id: pattern.id }} label={`Удалить шаблон «${pattern.text}»`} formClassName="inline">
                Удалить
              </ActionButton>
            </li>
          ))}
        </ul>
      )}
      <form action={addPatternAction} className="flex flex-wrap items-end gap-2 text-sm">
        <label className="flex flex-col gap-1">
          Элемент
          <select name="element" className={ui.input} defaultValue="headline">
            {allElements.map((element) => (
              <option key={element} value={element}>
                {elementLabels[element]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          Текст шаблона
          <input name="text" className={`${ui.input} w-80`} maxLength={500} required />
        </label>
        <button type="submit" className={ui.button}>
          Добавить шаблон
        </button>
      </form>
    </section>
  );
}
