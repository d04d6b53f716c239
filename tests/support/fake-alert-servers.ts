/**
 * The fake Telegram and the fake SMTP server out of process, for running a system test with lead alerts
 * switched on (the server under test reads TELEGRAM_API_URL and SMTP_URL from the environment):
 *   tsx tests/support/fake-alert-servers.ts
 * prints the two addresses, then on SIGTERM / SIGINT how many messages and mails arrived and how many
 * leads they named (each console link once), and exits.
 */
import { startFakeSmtp } from './fake-smtp';
import { startFakeTelegram } from './fake-telegram';

const leadIds = (texts: string[]) => texts.flatMap((text) => [...text.matchAll(/\/admin\/leads\/(\d+)/g)].map((match) => match[1]!));

async function main() {
  const [telegram, smtp] = await Promise.all([startFakeTelegram(), startFakeSmtp()]);
  console.log(`TELEGRAM_API_URL=${telegram.url}`);
  console.log(`SMTP_URL=${smtp.url}`);
  const report = async () => {
    const telegramLeads = leadIds(telegram.delivered().map((call) => call.text));
    const mailLeads = leadIds(smtp.received().map((mail) => mail.text));
    console.log(
      `telegram: ${telegram.delivered().length} messages naming ${telegramLeads.length} leads (${new Set(telegramLeads).size} distinct); ` +
        `e-mail: ${smtp.received().length} mails naming ${mailLeads.length} leads (${new Set(mailLeads).size} distinct)`,
    );
    await Promise.all([telegram.close(), smtp.close()]);
    process.exit(0);
  };
  process.once('SIGTERM', () => void report());
  process.once('SIGINT', () => void report());
}

void main();
