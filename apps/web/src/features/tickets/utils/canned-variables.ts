/** What a canned reply's variables stand for; shown where canned replies are managed. */
export const CANNED_VARIABLES = [
  { name: '{customer_name}', means: "the customer's name (or number)" },
  { name: '{agent_name}', means: 'your name' },
  { name: '{ticket}', means: 'the ticket number, as #12' },
] as const;

export interface CannedValues {
  customerName: string;
  agentName: string;
  ticketId: number;
}

/**
 * A canned reply's text with its variables filled in before it goes into the reply box: `{customer_name}`,
 * `{agent_name}` and `{ticket}` (#N). Spaces inside the braces and letter case do not matter; anything else
 * in braces is left as written (the text is the customer's to read, so a typo shows rather than vanishes).
 */
export function fillCannedVariables(body: string, values: CannedValues): string {
  const filled: Record<string, string> = {
    customer_name: values.customerName,
    agent_name: values.agentName,
    ticket: `#${values.ticketId}`,
  };
  return body.replace(/\{\s*([a-z_]+)\s*\}/gi, (whole, name: string) => filled[name.toLowerCase()] ?? whole);
}
