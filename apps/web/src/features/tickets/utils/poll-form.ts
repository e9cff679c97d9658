import { pollMessages, type SendPollRequest, sendPollRequest } from '@wadesk/contract';

/** What the poll dialog holds: the question, the options in order, and whether several may be chosen. */
export interface PollDraft {
  question: string;
  options: readonly string[];
  multiple: boolean;
}

/** The contract's words for what is wrong, placed where the dialog shows them. */
export interface PollErrors {
  question?: string;
  /** By the option's position. */
  option: Record<number, string>;
  /** About the options as a whole: too few, too many, the same twice. */
  options?: string;
}

export type PollCheck = { ok: true; request: SendPollRequest } | { ok: false; errors: PollErrors };

/** Checks a draft with the contract's own schema (trimmed, as the server will read it). */
export function checkPoll(ticketId: number, draft: PollDraft): PollCheck {
  const parsed = sendPollRequest.safeParse({ ticket_id: ticketId, ...draft });
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: PollErrors = { option: {} };
  for (const issue of parsed.error.issues) {
    const [field, index] = issue.path;
    if (field === 'question') errors.question ??= issue.message;
    else if (field === 'options' && typeof index === 'number') errors.option[index] ??= issue.message;
    else if (field === 'options') errors.options ??= issue.message;
  }
  // Zod checks the options' uniqueness even when some are empty (two blanks are "the same"): the empty
  // ones' own words say what to do first.
  if (errors.options === pollMessages.duplicateOptions && Object.keys(errors.option).length > 0)
    delete errors.options;
  return { ok: false, errors };
}

/** A ready-made satisfaction question (issue 26: ratings are asked as polls). */
export const RATING_PRESET: PollDraft = {
  question: 'How would you rate our help?',
  options: ['😀 Very good', '🙂 Good', '😐 Okay', '🙁 Poor'],
  multiple: false,
};
