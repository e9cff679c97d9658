import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export interface MailerConfig {
  /** `smtp://user:pass@host:587` or `smtps://…`; null writes each mail as a file instead. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Where mails go without SMTP: one `.eml` file each, for `npm start` with no mail server. */
  outboxDir: string;
}

/**
 * Sends through SMTP when SMTP_URL is set; otherwise writes each mail to DATA_DIR/outbox so a server
 * without a mail server still works and its owner can open the links (README "Configuration").
 */
export function createMailer({ smtpUrl, mailFrom, outboxDir }: MailerConfig): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: mailFrom, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: mailFrom, ...mail });
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      await writeFile(join(outboxDir, name), info.message as Buffer, { mode: 0o600 });
    },
    close: () => transport.close(),
  };
}
