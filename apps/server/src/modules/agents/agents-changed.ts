import type { DeskEventBus } from '../events/desk-events';

/**
 * The agents service's `onChange`: open pages learn the organisation's new agent count (`agents.changed`,
 * which the dashboard's count card shows). A failure is logged; the change itself is already stored.
 */
export function publishAgentsChanged(deps: {
  count(organisationId: number): Promise<number>;
  bus: Pick<DeskEventBus, 'publish'>;
  log: { error(object: object, message: string): void };
}): (organisationId: number) => void {
  const { count, bus, log } = deps;
  return (organisationId) => {
    count(organisationId)
      .then((agentsCount) => bus.publish('agents.changed', { organisationId, agentsCount }))
      .catch((error: unknown) => log.error({ err: error }, 'publishing agents.updated failed'));
  };
}
