import { expect, it } from 'vitest';
import { endReasonText, proposalReason, weeklyMessage } from './autopilot-words';

it('the weekly message says what was decided, what runs and what is proposed', () => {
  const text = weeklyMessage({
    decided: [{ place: 'Поп-ап «Скидка»', element: 'headline', text: 'Скидка до пятницы', reason: 'futility', kept: false }],
    running: [{ place: 'Страница курса «TypeScript»', element: 'buttonLabel', text: 'Хочу учиться' }],
    proposed: [],
  });
  expect(text).toBe(
    [
      'Автопилот тестов: итоги недели',
      'Решено:\n• Поп-ап «Скидка»: заголовок «Скидка до пятницы» — остановлен: шансов увидеть разницу почти нет (правило бесполезности)',
      'Идёт:\n• Страница курса «TypeScript»: надпись на кнопке «Хочу учиться»',
      'Предложено (ждёт «Запустить»):\n• ничего',
    ].join('\n\n'),
  );
  expect(weeklyMessage({ decided: [], running: [], proposed: [] })).toBeNull();
});

it('a proposal says why, and an end how', () => {
  expect(proposalReason({ missed: 12_345, rate: 0.021, daysNeeded: 24, source: 'learned' })).toBe(
    'За четыре недели 12 345 посетителей ушли без заявки (конверсия 2,1 %); вариант победил в тесте на другой странице; тесту нужно около 24 дн.',
  );
  expect(endReasonText('result', true)).toBe('закончен выводом, победитель оставлен');
});
