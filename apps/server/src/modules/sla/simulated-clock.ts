import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { DeskEventBus } from '../events/desk-events';

// Demo mode's clock (decision 0028): real time plus an offset that only moves forward (or back to real
// time; the demo's history replay alone sets it into the past, decision 0030), kept in the database and told to every instance, so SLA clocks, their warnings and the simulated
// phones' messages agree across instances and restarts. With the Baileys driver it does not exist.

export interface DeskClock {
  /** Epoch ms. */
  now(): number;
}

export type SimulatedClock = Awaited<ReturnType<typeof createSimulatedClock>>;

export async function createSimulatedClock(
  db: Db,
  bus: Pick<DeskEventBus, 'publish' | 'onCluster'>,
  /** Real time (epoch ms); tests inject theirs. */
  real: () => number = Date.now,
) {
  const read = async () => {
    const result = (await db.execute(sql`select offset_ms from simulated_clock where id = 1`)) as unknown as {
      rows: { offset_ms: number | string }[];
    };
    return Number(result.rows[0]?.offset_ms ?? 0);
  };
  // A database not migrated yet (or gone) starts at real time; the next move stores the offset.
  let offset = await read().catch(() => 0);
  const unsubscribe = bus.onCluster((name, event) => {
    if (name === 'sim.clock') offset = (event as { offsetMs: number }).offsetMs;
  });

  async function set(offsetMs: number): Promise<void> {
    await db.execute(sql`
      insert into simulated_clock (id, offset_ms) values (1, ${offsetMs})
      on conflict (id) do update set offset_ms = excluded.offset_ms`);
    offset = offsetMs;
    bus.publish('sim.clock', { offsetMs });
  }

  return {
    now: () => real() + offset,
    offsetMs: () => offset,
    /** Moves the clock `ms` further ahead, from the offset stored (another instance may have moved it). */
    advance: async (ms: number) => set((await read()) + ms),
    reset: () => set(0),
    /**
     * Sets the clock to `epochMs`, into the past too: only the demo's history (demo/seed-history.ts) does,
     * on a first start before anything happened, then replays a month on it and resets it.
     */
    travelTo: (epochMs: number) => set(Math.round(epochMs - real())),
    close: unsubscribe,
  };
}
