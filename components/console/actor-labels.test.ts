import { expect, it } from 'vitest';
import { AUTO_KEEP_ACTOR, SYSTEM_ACTORS } from '@/lib/actors';
import { actorText, systemActorLabels } from './actor-labels';

it('says who did it: the site’s own actor in words, an operator by the e-mail stored', () => {
  expect(actorText(AUTO_KEEP_ACTOR)).toBe('автоматически, по выводу теста');
  expect(actorText('anna@school.ru')).toBe('anna@school.ru');
  expect(Object.keys(systemActorLabels).sort()).toEqual([...SYSTEM_ACTORS].sort());
});
