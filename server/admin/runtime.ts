import { getServerRuntime, type ServerRuntime } from '../runtime';
import { createAuth, type AdminAuth } from './auth';

export interface AdminRuntime extends ServerRuntime {
  auth: AdminAuth;
}

// One better-auth instance per process, beside the server runtime (see runtime.ts for why globalThis).
const stateKey = Symbol.for('school-site.admin-runtime');
const state = ((globalThis as Record<symbol, { admin?: Promise<AdminRuntime> } | undefined>)[stateKey] ??= {});

export function getAdminRuntime(): Promise<AdminRuntime> {
  state.admin ??= getServerRuntime()
    .then((runtime) => ({ ...runtime, auth: createAuth(runtime.database) }))
    .catch((error: unknown) => {
      state.admin = undefined;
      throw error;
    });
  return state.admin;
}
