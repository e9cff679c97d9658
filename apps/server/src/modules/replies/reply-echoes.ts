import type { Ticket } from '@wadesk/contract';

/** What a desk reply's echo may have changed on its ticket when it joined (decision 0017, assignment). */
export type EchoEffect = 'first_response' | 'in_progress' | 'assigned';

/** A desk reply as WhatsApp knows it: its session, group and WhatsApp id. */
export interface SentReply {
  organisationId: number;
  sessionId: string;
  groupJid: string;
  waId: string;
}

/**
 * The port through which a refused reply's echo is undone (decision 0018, reply states). The replies
 * module declares it; the tickets module, which owns tickets and their messages, implements it
 * (tickets/reply-echoes.ts) and app.ts hands it over.
 */
export interface ReplyEchoes {
  /**
   * Undoes what the reply's echo did on its ticket and is still so: the first response (and "answered
   * by") goes to the next business reply, an in-progress ticket with no other business reply goes back to
   * open, and the assignment it made is taken back (to the next reply's member, else nobody). Once only:
   * a second call undoes nothing. Null while the echo has not joined a ticket; else the ticket as it is now
   * and what was undone.
   */
  undo(reply: SentReply): Promise<{ ticket: Ticket; undone: EchoEffect[] } | null>;
}
