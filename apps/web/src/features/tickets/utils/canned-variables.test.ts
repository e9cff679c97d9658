import { describe, expect, it } from 'vitest';
import { fillCannedVariables } from './canned-variables';

const values = { customerName: 'Meera Shah', agentName: 'Mia Lee', ticketId: 12 };

describe('fillCannedVariables', () => {
  it('fills the customer, the agent and the ticket number', () => {
    expect(fillCannedVariables('Hi {customer_name}, {agent_name} here about {ticket}.', values)).toBe(
      'Hi Meera Shah, Mia Lee here about #12.',
    );
  });

  it('fills every occurrence, whatever the case or spaces inside the braces', () => {
    expect(fillCannedVariables('{ Customer_Name } / {customer_name} / {TICKET}', values)).toBe(
      'Meera Shah / Meera Shah / #12',
    );
  });

  it('leaves unknown variables and plain braces as written', () => {
    expect(fillCannedVariables('{order_id} and {} and { } stay', values)).toBe(
      '{order_id} and {} and { } stay',
    );
  });

  it('does not read a filled value as another variable', () => {
    expect(fillCannedVariables('{customer_name}', { ...values, customerName: '{ticket}' })).toBe('{ticket}');
  });
});
