import { describe, expect, it } from 'vitest';
import { pValueText, trustNoteTexts, trustProblemText } from './split-test-labels';

describe('split test figures in Russian', () => {
  it('formats', () => {
    expect(pValueText(0.0004)).toBe('< 0,001');
    expect(pValueText(0.0345)).toBe('0,035');
    expect(pValueText(0.05, true)).toBe('≥ 0,05');
  });

  it('says why the figures may not decide by themselves, with Russian plural forms', () => {
    expect(trustProblemText({ kind: 'few_networks', variant: 1, what: 'leads', networks: 50, needed: 115 })).toBe(
      'Заявки варианта B пришли всего из 50 сетей, а нужно хотя бы 115 сетей: похоже, их присылают немногие.',
    );
    expect(trustProblemText({ kind: 'few_networks', variant: 0, what: 'shows', networks: 21, needed: 22 })).toBe(
      'Показы варианта A пришли всего из 21 сети, а нужно хотя бы 22 сети: похоже, их присылают немногие.',
    );
    expect(trustProblemText({ kind: 'few_networks', variant: 2, what: 'shows', networks: 1, needed: 21 })).toBe(
      'Показы варианта C пришли всего из 1 сети, а нужно хотя бы 21 сеть: похоже, их присылают немногие.',
    );
    expect(trustProblemText({ kind: 'suspicious', share: 0.256 })).toBe(
      '25,6 % показов и заявок теста сайт не учёл как подозрительные (доверять можно, пока их меньше 10 %): похоже, тест подталкивают.',
    );
    // A page test counts visitors, not shows.
    expect(trustProblemText({ kind: 'few_networks', variant: 1, what: 'shows', networks: 3, needed: 21 }, 'visitors')).toBe(
      'Посетители варианта B пришли всего из 3 сетей, а нужно хотя бы 21 сеть: похоже, их присылают немногие.',
    );
    expect(trustProblemText({ kind: 'suspicious', share: 0.256 }, 'visitors')).toBe(
      '25,6 % посетителей и заявок теста сайт не учёл как подозрительные (доверять можно, пока их меньше 10 %): похоже, тест подталкивают.',
    );
    expect(trustNoteTexts(true).lead).toBe('Сайт не объявит вывод этого теста и не оставит победителя сам, пока:');
    expect(trustNoteTexts(false).lead).toBe('Сайт не объявит вывод этого теста, пока:');
  });
});
