import type { FastifyInstance } from 'fastify';
import type { AuditRecorder } from '../audit/audit.service';
import type { OrganisationSettings } from '../auth/auth.ports';
import type { SlaPolicies } from '../sla/sla.ports';
import { settingsRoutes } from './settings.routes';
import { createSettingsService } from './settings.service';

/** Organisation settings and name (/org/getSettings/, /org/updateSettings/, /org/updateOrganisation/). */
export async function registerSettings(
  app: FastifyInstance,
  options: { organisations: OrganisationSettings; audit: AuditRecorder; slaPolicies: SlaPolicies },
) {
  const settings = createSettingsService(options);
  await app.register(settingsRoutes, { settings });
}
