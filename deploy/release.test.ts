/**
 * Scheduled publishing on a test folder with a fake clock: an article dated tomorrow is absent
 * today and the timer's condition says "nothing to release"; tomorrow the condition says "release", and
 * the release command (deploy/release.sh, with a stand-in build and restart) switches to a new build
 * whose content has the article, keeps the earlier build's static files, restarts the instances one at a
 * time, and rolls back to the previous build with one command.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { releaseTimerMoscowTime } from '@/lib/release-timer';
import { contentTree, markdownDoc, roadmapFiles } from '@/tests/support/content-tree';
import { loadCollections } from '@/content/collections/load';
import { dueOn } from '@/scripts/release-due';

const today = '2026-11-25';
const tomorrow = '2026-11-26';
const article = (title: string, publishedAt: string) =>
  markdownDoc(`title: "${title}"\ndescription: "О чём статья"\ncategory: tools\nauthor: maria-lebedeva\npublishedAt: ${publishedAt}`);
const files = {
  ...roadmapFiles,
  'media/one.md': article('Первая', '2026-11-01'),
  'media/two.md': article('Вторая', '2026-11-02'),
  'media/tomorrow.md': article('Завтрашняя', tomorrow),
};
const published = (root: string, day: string) => loadCollections(root, { today: day }).media.items.map((item) => item.path);

describe('scheduled publishing with a fake clock', () => {
  it('an article dated tomorrow is absent today and nothing is due; tomorrow it is due and present', async () => {
    const root = contentTree(files);
    expect(published(root, today)).not.toContain('/media/tomorrow');
    expect(await dueOn(root, today)).toEqual([]);
    expect((await dueOn(root, tomorrow)).map((entry) => entry.publishedAt)).toEqual([tomorrow]);
    expect(published(root, tomorrow)).toContain('/media/tomorrow');
    // The day after, nothing new: the timer does nothing.
    expect(await dueOn(root, '2026-11-27')).toEqual([]);
  });

  it('the timer condition (npm run release:due) exits 1 today and 0 tomorrow', () => {
    const root = contentTree(files);
    const due = (day: string) =>
      spawnSync('node', ['--import', 'tsx', '--conditions=react-server', 'scripts/release-due.ts', '--today', day, '--root', root], { encoding: 'utf8' });
    const now = due(today);
    expect(now.status, now.stderr).toBe(1);
    expect(now.stdout).toContain('публиковать нечего');
    const next = due(tomorrow);
    expect(next.status, next.stderr).toBe(0);
    expect(next.stdout).toContain('media/tomorrow.md');
  }, 60_000);
});

describe('deploy/release.sh on a test folder', () => {
  const git = (cwd: string, ...args: string[]) => {
    const result = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.ru', ...args], { cwd, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    return result.stdout.trim();
  };

  it('releases into a new folder with a rolling restart, keeps earlier static files, and rolls back', () => {
    const siteRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'release-'));
    const repository = path.join(siteRoot, 'repository');
    fs.mkdirSync(repository);
    git(repository, 'init', '-q', '-b', 'main');
    fs.writeFileSync(path.join(repository, 'version.txt'), 'first\n');
    git(repository, 'add', '.');
    git(repository, 'commit', '-qm', 'first');
    const env = {
      ...process.env,
      SITE_ROOT: siteRoot,
      REPOSITORY: repository,
      PORTS: '3001 3002',
      // A stand-in for `npm install && npm run build`: static files named by the commit.
      RELEASE_BUILD: 'mkdir -p .next/static/$(git rev-parse --short HEAD) && cp version.txt .next/static/$(git rev-parse --short HEAD)/',
      RELEASE_RESTART: 'echo "restart $port $(cat "$SITE_ROOT/current/version.txt")" >> "$SITE_ROOT/restarts.log"',
      RELEASE_HEALTH: 'true',
      RELEASE_SETTLE: '0',
    };
    const release = (command: string) => spawnSync('bash', [path.resolve('deploy/release.sh'), command], { env, encoding: 'utf8' });
    const current = () => fs.readFileSync(path.join(siteRoot, 'current', 'version.txt'), 'utf8').trim();

    expect(release('release').status).toBe(0);
    const first = git(repository, 'rev-parse', '--short', 'HEAD');
    expect(current()).toBe('first');

    fs.writeFileSync(path.join(repository, 'version.txt'), 'second\n');
    git(repository, 'commit', '-qam', 'second');
    const second = release('release');
    expect(second.status, second.stderr).toBe(0);
    expect(current()).toBe('second');
    const secondCommit = git(repository, 'rev-parse', '--short', 'HEAD');
    // Both builds' static files are served: a page of the first build still loads its code.
    expect(fs.readdirSync(path.join(siteRoot, 'static')).sort()).toEqual([first, secondCommit].sort());

    const back = release('rollback');
    expect(back.status, back.stderr).toBe(0);
    expect(current()).toBe('first');
    // One instance at a time, each restarted on the build `current` names at that moment.
    expect(fs.readFileSync(path.join(siteRoot, 'restarts.log'), 'utf8').trim().split('\n')).toEqual([
      'restart 3001 first',
      'restart 3002 first',
      'restart 3001 second',
      'restart 3002 second',
      'restart 3001 first',
      'restart 3002 first',
    ]);
    fs.rmSync(siteRoot, { recursive: true, force: true });
  }, 60_000);
});

it("the release timer's time is the one the console's «Публикации» counts its next run from", () => {
  expect(fs.readFileSync('deploy/site-release.timer', 'utf8')).toContain(`\nOnCalendar=*-*-* ${releaseTimerMoscowTime}:00 Europe/Moscow\n`);
  expect(fs.readFileSync('deploy/release.sh', 'utf8')).toContain('scripts/release-due.ts --record');
});

describe.skipIf(!fs.existsSync('/usr/bin/systemd-analyze'))('the release timer', () => {
  it('site-release.timer and site-release.service pass systemd-analyze verify; the timer runs after midnight Moscow time', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-units-'));
    const service = fs.readFileSync('deploy/site-release.service', 'utf8');
    // The server's path of the script, here the checkout's own (systemd checks that the program exists).
    fs.writeFileSync(path.join(dir, 'site-release.service'), service.replace('/srv/school-site/current/deploy/release.sh', path.resolve('deploy/release.sh')));
    fs.copyFileSync('deploy/site-release.timer', path.join(dir, 'site-release.timer'));
    const result = spawnSync('/usr/bin/systemd-analyze', ['verify', './site-release.timer', './site-release.service'], { cwd: dir, encoding: 'utf8' });
    expect({ status: result.status, output: `${result.stdout}${result.stderr}` }).toEqual({ status: 0, output: '' });
    expect(fs.readFileSync('deploy/site-release.timer', 'utf8')).toMatch(/\nOnCalendar=\*-\*-\* 00:\d\d:00 Europe\/Moscow\n/);
    expect(service).toContain('release.sh scheduled');
  });
});
