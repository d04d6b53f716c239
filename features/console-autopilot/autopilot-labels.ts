import type { ProposalStatus } from '@/server/repositories/autopilot';

/** The section's notices after an action (`?autopilot=`). */
export const autopilotNotices: Record<string, string> = {
  on: 'Автопилот включён: он предлагает тесты, но запускает только одобренные.',
  off: 'Автопилот выключен: новые тесты он не предлагает и не запускает.',
  approved: 'Тест одобрен: он начнётся, как только страница или поп-ап освободятся.',
  dismissed: 'Предложение отклонено.',
  gone: 'Этого предложения уже нет в очереди.',
  pattern_added: 'Шаблон добавлен.',
  pattern_removed: 'Шаблон удалён.',
  pattern_invalid: 'Шаблон не добавлен: текст пустой или длиннее 500 знаков.',
  retest: 'Вопрос будет предложен снова.',
};

export const statusLabels: Record<ProposalStatus, string> = {
  proposed: 'предложен',
  approved: 'одобрен, ждёт очереди',
  running: 'идёт',
  done: 'закончен',
  dismissed: 'отклонён',
};
