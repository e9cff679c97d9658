import type { MemberRole } from '@wadesk/contract';

/** One fixed sentence: no name the inviter chose reaches a header (docs/decisions/0016-members-and-roles.md). */
export const INVITATION_SUBJECT = 'You are invited to a team on wadesk';

// Letters, combining marks, digits, spaces and ' ’ & , ( ) -. Everything else becomes a space: ".", ":",
// "/" and "@" (so no mail program makes an address or a link of a name), "<", ">" and quotes (no tag, and
// the quotes around a name stay the only ones), line breaks and other control or format characters.
const NOT_A_NAME_CHARACTER = /[^\p{L}\p{M}\p{N}'’&,()\- ]+/gu;

/** A name as quoted data: the words of it, between quotes, on the line that says what it is. */
export function quotedName(name: string): string | null {
  const words = name.replace(NOT_A_NAME_CHARACTER, ' ').replace(/ {2,}/g, ' ').trim();
  return words ? `"${words}"` : null;
}

/**
 * The invitation mail: a plain-text body (the mailer sends no HTML). The organisation's and the inviter's
 * names are free text anyone chooses at sign-up (the organisation's is built from the first name), so they
 * appear only in the body, each on its own labelled line and quoted, with the link the only address in it.
 */
export function invitationMail(
  sender: { organisationName: string; inviter: string } | null,
  role: Exclude<MemberRole, 'owner'>,
  link: string,
): { subject: string; text: string } {
  const as = role === 'admin' ? 'an admin' : 'a member';
  const inviter = sender && quotedName(sender.inviter);
  const organisation = sender && quotedName(sender.organisationName);
  const names = [
    inviter ? `Invited by: ${inviter}\n` : '',
    organisation ? `Organisation: ${organisation}\n` : '',
  ].join('');
  const from = names
    ? `${names}\nThese names are the inviter's own words, not checked by wadesk. If you do not know them, ignore this mail.\n\n`
    : '';
  return {
    subject: INVITATION_SUBJECT,
    text: `Hello,\n\nYou are invited to join a team on wadesk as ${as}.\n\n${from}Open this link within 7 days to create your account:\n\n${link}\n\nIf you do not expect this invitation, ignore this mail.\n`,
  };
}
