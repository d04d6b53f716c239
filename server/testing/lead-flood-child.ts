/**
 * A separate process that stores leads (with their deliveries) as fast as it can through the
 * repositories, printing `ack <lead id>` once each is committed, until SIGTERM (see ops/backup.test.ts).
 */
import { readDatabaseConfig } from '../config';
import { openDatabase } from '../db/connection';
import { createRepositories } from '../repositories';
import { sampleLead } from './fixtures';

async function main() {
  const handle = await openDatabase(readDatabaseConfig());
  const repos = createRepositories(handle);
  let running = true;
  process.once('SIGTERM', () => (running = false));
  try {
    while (running) {
      const { leadId } = await repos.leads.accept(sampleLead({ email: `flood.${process.pid}.${Date.now()}@example.com` }), { kind: 'deal', payload: {} });
      process.stdout.write(`ack ${leadId}\n`);
      // Lets the signal in between two writes.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
