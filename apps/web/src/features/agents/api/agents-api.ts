import {
  type AddAgentRequest,
  type Agent,
  addAgentResponse,
  type EditAgentRequest,
  editAgentResponse,
  type SuccessMessage,
  successMessage,
} from '@wadesk/contract';
import { api } from '@/shared/api/api-client';

export function addAgent(body: AddAgentRequest): Promise<Agent> {
  return api.post('/org/addAgent/', body, addAgentResponse);
}

/** Changes an agent's name, number or type (decision 0013: an owner agent keeps its number). */
export function editAgent(body: EditAgentRequest): Promise<Agent> {
  return api.post('/org/editAgent/', body, editAgentResponse);
}

export function removeAgent(agent_id: number): Promise<SuccessMessage> {
  return api.post('/org/removeAgent/', { agent_id }, successMessage);
}
