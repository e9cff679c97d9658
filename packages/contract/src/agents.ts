import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { trimInvisible } from './common';

// Agents: support staff recognised by phone number (the Agents page, an agent, the /org/... calls).
// Messages in groups from an agent's number are business replies (see ./tickets.ts).

export const agentMessages = {
  nameRequired: 'Enter a name for the agent.',
  nameTooLong: "The agent's name must be at most 100 characters long.",
  invalidNumber: "Enter the agent's phone number with its country code, e.g. +919876543210.",
  duplicateNumber: 'An agent with this phone number already exists.',
  agentNotFound: 'That agent was not found. It may have been removed; reload the list.',
  agentRemoved: 'Agent removed.',
  noAgentId: 'Agent ID must be a number.',
  agentUpdated: 'Agent updated.',
  ownerNumberFixed:
    "An owner agent's number is its linked phone's own number and cannot be changed. Make it a user agent first.",
  ownerOnlyLinked: "Only a linked phone's own number can be an owner agent.",
} as const;

/** `owner`: the linked WhatsApp account's own number, added when a session connects; `user`: added by hand. */
export const agentUserType = z.enum(['owner', 'user']);
export type AgentUserType = z.infer<typeof agentUserType>;

/**
 * A phone number in E.164 (`+` and digits), or null when it is not a valid number. Accepts what people
 * type: spaces, dashes, brackets, a leading `00`, or bare digits with the country code (clients also
 * send "+ in front of the digits"). Validation uses libphonenumber-js' default (min) metadata: country code,
 * length and leading digits.
 */
export function toE164(input: string): string | null {
  const compact = input.replace(/[\s\-().]/g, '');
  const international = compact.startsWith('+')
    ? compact
    : compact.startsWith('00')
      ? `+${compact.slice(2)}`
      : `+${compact}`;
  if (!/^\+\d{6,15}$/.test(international)) return null;
  const parsed = parsePhoneNumberFromString(international);
  return parsed?.isValid() ? parsed.number : null;
}

const agentId = z
  .number({ error: agentMessages.noAgentId })
  .int({ error: agentMessages.noAgentId })
  .positive({ error: agentMessages.noAgentId })
  .max(2 ** 31 - 1, { error: agentMessages.noAgentId });

export const agent = z.object({
  id: z.number(),
  agent_name: z.string(),
  /** E.164 with the leading plus, e.g. "+919876543210". */
  agent_number: z.string(),
  user_type: agentUserType,
  /** ISO 8601 */
  created_at: z.string(),
});
export type Agent = z.infer<typeof agent>;

/** POST /org/addAgent/ → 201 `agent`; 400 `{message}` for an empty name or invalid number; 409 when the number exists. */
export const addAgentRequest = z.object({
  agent_name: z
    .string({ error: agentMessages.nameRequired })
    .overwrite(trimInvisible)
    .min(1, { error: agentMessages.nameRequired })
    .max(100, { error: agentMessages.nameTooLong }),
  agent_number: z
    .string({ error: agentMessages.invalidNumber })
    .max(40, { error: agentMessages.invalidNumber })
    .transform((value, ctx) => {
      const number = toE164(value);
      if (number) return number;
      ctx.issues.push({ code: 'custom', message: agentMessages.invalidNumber, input: value });
      return z.NEVER;
    }),
});
export type AddAgentRequest = z.input<typeof addAgentRequest>;
export const addAgentResponse = agent;

/**
 * POST /org/editAgent/ → 200 `agent` (the agent as stored now); 400 `{message}` with addAgent's words for an
 * empty name or invalid number; 404 when not the organisation's agent; 409 when another agent of the
 * organisation has the number (addAgent's words), or an owner-agent rule is broken: an owner agent keeps
 * its number (the linked phone's; it may be re-typed in any spelling), and only a number of one of the
 * organisation's linked sessions can become `owner`. `user_type` omitted keeps the type.
 */
export const editAgentRequest = z.object({
  agent_id: agentId,
  agent_name: addAgentRequest.shape.agent_name,
  /** Checked like addAgent's, except that an agent's own current number is always accepted (owner agents). */
  agent_number: z
    .string({ error: agentMessages.invalidNumber })
    .max(40, { error: agentMessages.invalidNumber }),
  user_type: agentUserType.optional(),
});
export type EditAgentRequest = z.input<typeof editAgentRequest>;
export const editAgentResponse = agent;

/** POST /org/listAgent/ (empty body): the organisation's agents, oldest first; the length is the count. */
export const agentListResponse = z.array(agent);
export type AgentListResponse = z.infer<typeof agentListResponse>;

/** POST /org/removeAgent/ → successMessage ({success, message}); 404 `{message}` when not the organisation's agent. */
export const removeAgentRequest = z.object({ agent_id: agentId });
export type RemoveAgentRequest = z.infer<typeof removeAgentRequest>;
