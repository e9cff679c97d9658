import type { Agent, AgentUserType } from '@wadesk/contract';
import { type CsvColumn, csvDateTime } from '@/shared/csv/to-csv';
import type { FilterOption } from '@/shared/table/checkbox-filter';

export const USER_TYPES: readonly FilterOption<AgentUserType>[] = [
  { value: 'owner', label: 'owner' },
  { value: 'user', label: 'user' },
];

export const ALL_USER_TYPES: AgentUserType[] = USER_TYPES.map((option) => option.value);

/** The user-type checkboxes: an agent shows when the box of its type is ticked. */
export function filterAgents(agents: readonly Agent[], types: readonly AgentUserType[]): Agent[] {
  return agents.filter((agent) => types.includes(agent.user_type));
}

/** "Download as CSV": the rows shown, with the number as stored (E.164). */
export const AGENT_CSV_COLUMNS: readonly CsvColumn<Agent>[] = [
  { header: 'Agent ID', value: (agent) => agent.id },
  { header: 'Name', value: (agent) => agent.agent_name },
  { header: 'Phone Number', value: (agent) => agent.agent_number },
  { header: 'User type', value: (agent) => agent.user_type },
  { header: 'Created At', value: (agent) => csvDateTime(agent.created_at) },
];

export const AGENT_MESSAGES = {
  // The specification's own texts (docs/web-structure.md, One voice), misspellings included: spec-texts.test.ts.
  fillDetails: 'Fill the details corretly',
  noToken: 'Access token not found',
  added: 'Agent added successfull',
  addFailed: 'Some error in creating agent',
  listFailed: 'Error in getting agent data',
  // The product's own words.
  removeFailed: 'The agent could not be removed. Reload the list and try again.',
  invalidNumber: 'Enter a valid phone number for the chosen country.',
  nameRequired: 'Enter a name for the agent.',
  updated: 'Agent updated.',
  updateFailed: 'The agent could not be updated. Try again.',
} as const;
