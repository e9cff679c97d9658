import { DEFAULT_OUT_OF_HOURS_MESSAGE } from '@wadesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Mail } from '../../mail/mailer';
import type { DeskEventBus } from '../events/desk-events';
import type { DeskClock, SimulatedClock } from './simulated-clock';
import { simClockRoutes, slaRoutes } from './sla.routes';
import { createSlaService } from './sla.service';
import type { SlaClocksRepository } from './sla-clocks.repository';
import type { OutOfHoursDue } from './sla-compute';
import { createSlaEngine, type SlaEngine, type WarningBell } from './sla-engine';
import { outOfHoursText } from './sla-texts';

export interface RegisterSlaOptions<R> {
  repo: SlaClocksRepository;
  bus: DeskEventBus;
  /** The desk's clock: the simulated one in demo mode. */
  clock: DeskClock;
  /** Demo mode's clock, null with the Baileys driver (then /sim/clock does not exist). */
  simulated: SimulatedClock | null;
  bell: WarningBell<R>;
  mailer: { send(mail: Mail): Promise<void> };
  publicUrl: string;
  /** Sends the desk's own text into a ticket's group (the replies module); false when it may not. */
  sendAutomatic?: (organisationId: number, ticketId: number, text: string) => Promise<boolean>;
  engine?: { pollMs?: number; sweepMs?: number };
}

/** SLA clocks (decision 0028): the worker, /org/getSlaClocks/ and, in demo mode, /sim/clock. */
export async function registerSla<R>(
  app: FastifyInstance,
  options: RegisterSlaOptions<R>,
): Promise<SlaEngine> {
  const { repo, sendAutomatic } = options;
  const engine = createSlaEngine({
    repo,
    now: options.clock.now,
    bus: options.bus,
    bell: options.bell,
    mailer: options.mailer,
    publicUrl: options.publicUrl,
    ...(sendAutomatic
      ? {
          outOfHours: async (due: OutOfHoursDue) => {
            const template = due.message ?? DEFAULT_OUT_OF_HOURS_MESSAGE;
            await sendAutomatic(
              due.organisationId,
              due.ticketId,
              outOfHoursText(template, due.back, due.timeZone),
            );
          },
        }
      : {}),
    log: app.log,
    ...options.engine,
  });
  const sla = createSlaService({
    repo,
    clock: options.clock,
    simulated: options.simulated,
    engine,
    bus: options.bus,
  });
  await app.register(slaRoutes, { sla });
  if (options.simulated) await app.register(simClockRoutes, { sla });
  // A ticket changed here: its clocks are queued (the triggers did it in the change's transaction).
  const unsubscribe = options.bus.on('ticket.changed', () => engine.wake());
  app.addHook('preClose', async () => {
    unsubscribe();
    await engine.stop();
    options.simulated?.close();
  });
  return engine;
}
