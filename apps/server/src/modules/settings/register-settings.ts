import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { AuditRecorder } from '../audit/audit.service';
import { createSettingsRepository } from './settings.repository';
import { settingsRoutes } from './settings.routes';
import { createSettingsService } from './settings.service';

/** Organisation settings (/org/getSettings/, /org/updateSettings/). */
export async function registerSettings(app: FastifyInstance, options: { db: Db; audit: AuditRecorder }) {
  const settings = createSettingsService({
    repo: createSettingsRepository(options.db),
    audit: options.audit,
  });
  await app.register(settingsRoutes, { settings });
}
