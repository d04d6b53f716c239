import { execFileSync } from 'node:child_process';

const BUILD_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The build id of `next build` (next.config's generateBuildId): BUILD_ID when set, else the commit of
 * the checkout. Instances built from one commit, on one machine or several, then carry the same id, and
 * a page of the previous deploy that navigates to a new instance sees another id and reloads in full
 * (Next.js compares the two). Null, Next.js's random id, when neither is known.
 */
export function buildIdFor(env: Record<string, string | undefined>, gitHead: () => string | null = readGitHead): string | null {
  const explicit = env.BUILD_ID?.trim();
  if (explicit) {
    if (!BUILD_ID.test(explicit)) throw new Error('BUILD_ID: letters, digits, `.`, `_` and `-` only, at most 64 (e.g. the commit: `git rev-parse HEAD`)');
    return explicit;
  }
  const head = gitHead();
  return head && BUILD_ID.test(head) ? head : null;
}

function readGitHead(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}
