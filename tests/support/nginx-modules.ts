/**
 * The `load_module` lines Debian's nginx.conf pulls in (`include /etc/nginx/modules-enabled/*.conf`),
 * with their paths made absolute: the tests run nginx with a prefix of their own (`-p`), against which
 * Debian's relative `modules/…` would not resolve. The Brotli modules of deploy/nginx-site.conf
 * (libnginx-mod-http-brotli-filter and -static) come in this way.
 */
import fs from 'node:fs';
import path from 'node:path';

const MODULES_ENABLED = '/etc/nginx/modules-enabled';
/** Debian's nginx prefix, where `modules` links to /usr/lib/nginx/modules. */
const DEBIAN_PREFIX = '/usr/share/nginx';

export function debianModuleLines(): string {
  if (!fs.existsSync(MODULES_ENABLED)) return '';
  return fs
    .readdirSync(MODULES_ENABLED)
    .filter((name) => name.endsWith('.conf'))
    .sort()
    .map((name) => fs.readFileSync(path.join(MODULES_ENABLED, name), 'utf8'))
    .join('\n')
    .replace(/^(\s*load_module\s+)(?!\/)(\S+);/gm, (_, directive: string, file: string) => `${directive}${path.join(DEBIAN_PREFIX, file)};`);
}
