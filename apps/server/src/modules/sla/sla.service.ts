import type { SimClockRequest, SimClockResponse, SlaClocksResponse } from '@wadesk/contract';
import { AppError } from '../../errors';
import type { DeskEventBus } from '../events/desk-events';
import type { DeskClock, SimulatedClock } from './simulated-clock';
import type { ClockRow, SlaClocksRepository } from './sla-clocks.repository';
import type { SlaEngine } from './sla-engine';

export type SlaService = ReturnType<typeof createSlaService>;

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

function toSlaClock(row: ClockRow): SlaClocksResponse['clocks'][number] {
  return {
    ticket_id: row.ticketId,
    kind: row.kind,
    cycle: row.cycle,
    policy_name: row.policyName,
    started_at: row.startedAt.toISOString(),
    due_at: iso(row.dueAt),
    warn_at: iso(row.warnAt),
    stopped_at: iso(row.stoppedAt),
    stopped_by:
      row.stoppedAt !== null && row.stoppedByName !== null
        ? { user_id: row.stoppedByUserId, name: row.stoppedByName }
        : null,
    paused: row.paused,
    met: row.met,
    business_seconds: Math.round(row.businessSeconds),
    wall_seconds: Math.round(row.wallSeconds),
  };
}

/** What members read of the clocks, and demo mode's clock (decision 0028). */
export function createSlaService(deps: {
  repo: Pick<SlaClocksRepository, 'clocksOf'>;
  clock: DeskClock;
  simulated: SimulatedClock | null;
  engine: Pick<SlaEngine, 'catchUp'>;
  bus: Pick<DeskEventBus, 'publish'>;
}) {
  const { repo, clock, simulated, engine, bus } = deps;
  return {
    async clocks(organisationId: number, ticketIds: readonly number[]): Promise<SlaClocksResponse> {
      const rows = await repo.clocksOf(organisationId, ticketIds);
      return { now: new Date(clock.now()).toISOString(), clocks: rows.map(toSlaClock) };
    },

    async moveSimulatedClock(organisationId: number, request: SimClockRequest): Promise<SimClockResponse> {
      // Unreachable: the route exists only with the simulator driver.
      if (!simulated) throw new AppError(404, 'Demo mode is off: there is no simulated clock.');
      if (request.reset) await simulated.reset();
      if (request.advance_minutes) await simulated.advance(request.advance_minutes * 60_000);
      if (request.reset || request.advance_minutes) {
        await engine.catchUp();
        bus.publish('sla.changed', { organisationId, ticketIds: null });
      }
      return {
        now: new Date(simulated.now()).toISOString(),
        offset_minutes: Math.round(simulated.offsetMs() / 60_000),
      };
    },
  };
}
