import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The link to `path` (e.g. /accept-invitation, /verify-email) in the newest mail to `email` that the server
 * wrote to DATA_DIR/outbox (no SMTP_URL configured): its path and query, to open on the server under test.
 */
export function mailedLinkFor(dataDir: string, email: string, path: string): string {
  const outbox = join(dataDir, 'outbox');
  for (const name of readdirSync(outbox).sort().reverse()) {
    // Quoted-printable: soft line breaks and "=" written as =3D.
    const mail = readFileSync(join(outbox, name), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    if (!mail.includes(`To: ${email}`)) continue;
    const link = mail.match(new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`))?.[0];
    if (link) return new URL(link).pathname + new URL(link).search;
  }
  throw new Error(`No mail to ${email} with a ${path} link in ${outbox}`);
}

/** The invitation link in the newest invitation mail to `email`. */
export const invitationLinkFor = (dataDir: string, email: string): string =>
  mailedLinkFor(dataDir, email, '/accept-invitation');

/** The verification link in the newest verification mail to `email`. */
export const verificationLinkFor = (dataDir: string, email: string): string =>
  mailedLinkFor(dataDir, email, '/verify-email');
