/**
 * A code chunk that may fail to arrive (a flaky network, a deploy that removed it): `load()` tries it
 * `attempts` times with a growing pause, keeps the module once it came, and forgets a final failure so
 * that the next call (the visitor points at the button again) starts over instead of repeating the
 * old rejection for ever.
 *
 * A few lines of our own rather than a library: ky (which the lead forms use for HTTP retries) retries
 * fetches, and a dynamic `import()` is not one; the loop here has no budget, jitter or status codes to get
 * wrong, only "try again a moment later, at most N times".
 */
export interface RetryingLoader<T> {
  load(): Promise<T>;
}

export function retryingLoader<T>(load: () => Promise<T>, { attempts = 3, delayMs = 400 } = {}): RetryingLoader<T> {
  let pending: Promise<T> | null = null;
  async function attempt(): Promise<T> {
    for (let tried = 1; ; tried++) {
      try {
        return await load();
      } catch (error) {
        if (tried >= attempts) throw error;
        await new Promise((resolve) => setTimeout(resolve, delayMs * 2 ** (tried - 1)));
      }
    }
  }
  return {
    load() {
      pending ??= attempt().catch((error: unknown) => {
        pending = null;
        throw error;
      });
      return pending;
    },
  };
}
