import type { FastifyInstance } from 'fastify';
import { type CountsServiceDeps, createCountsService } from './counts.service';
import { dashboardRoutes } from './dashboard.routes';

/**
 * The dashboard's count cards: a read model over other modules' services (sessions, groups, agents); it owns
 * no table.
 */
export async function registerDashboard(app: FastifyInstance, deps: CountsServiceDeps): Promise<void> {
  await app.register(dashboardRoutes, { counts: createCountsService(deps) });
}
