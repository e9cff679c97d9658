import type { OrphanSweeper } from './modules/chats/orphan-sweeper';
import type { PeriodicSweep } from './modules/chats/periodic-sweep';
import type { UploadSweeper } from './modules/chats/upload-sweeper';
import type { DeskEventBus } from './modules/events/desk-events';
import type { MessageStore } from './modules/messages/message-store.service';
import type { WeeklyDigest } from './modules/reports/weekly-digest';
import type { SatisfactionService } from './modules/satisfaction/satisfaction.service';
import type { LeaseKeeper } from './modules/sessions/session-leases';
import type { SimulatedClock } from './modules/sla/simulated-clock';
import type { SlaEngine } from './modules/sla/sla-engine';
import type { TicketProcessor } from './modules/ticket-engine/ticket-processor';

/**
 * Parts of a built app that tests, the bench and the demo drive directly: storing messages without a
 * phone, waiting for the ticket engine. They are not on the app (no Fastify decoration), so the HTTP
 * app's surface stays what production uses; whoever holds the app asks `internalsOf(app)`.
 */
export interface AppInternals {
  messageStore: MessageStore;
  ticketProcessor: TicketProcessor;
  /** The SLA clocks' worker (decision 0028): tests wait for `settled()`. */
  slaEngine: SlaEngine;
  /** Demo mode's clock (decision 0028); null with the Baileys driver. The demo's history replays on it. */
  simulatedClock: SimulatedClock | null;
  /** Satisfaction polls (decision 0030): tests wait for `settled()` after a close. */
  satisfaction: SatisfactionService;
  weeklyDigest: WeeklyDigest;
  /** The expiry of unsaved uploads and the removal of files a crash left: tests call `sweep()`. */
  uploadSweeper: UploadSweeper;
  orphanSweeper: OrphanSweeper;
  /** The alert for open tickets left unanswered (decision 0022): tests call `sweep()`. */
  unansweredSweep: PeriodicSweep;
  /** This instance's session leases: tests halt them to play a crashed owner. */
  leases: LeaseKeeper;
  /** Resolves once owner agents being added for connected sessions are in. */
  ownerAgentsSettled(): Promise<void>;
  /** The bus between modules, which tests listen on, and how many event streams are open here. */
  bus: DeskEventBus;
  openStreams(): number;
  /**
   * Marks an account's address verified, as its emailed link would (false: no such account): the demo
   * seeds a verified owner, and tests that are not about verification use it through one helper.
   */
  verifyAddress(email: string): Promise<boolean>;
  /** Resolves once the mails sent after a reply (reset links, resent verification links) are out. */
  mailsSent(): Promise<void>;
}

// Keyed by the app object, so an app closed and dropped takes its internals with it. A map and not a
// `deps` callback because tests get their app from the shared test context (test/helpers/), built with
// plain `buildApp`.
const internalsByApp = new WeakMap<object, AppInternals>();

/** Called once by `buildApp` (app.ts), the composition root. */
export function keepInternals(app: object, internals: AppInternals): void {
  internalsByApp.set(app, internals);
}

/** The internals of an app `buildApp` built. */
export function internalsOf(app: object): AppInternals {
  const internals = internalsByApp.get(app);
  if (!internals) throw new Error('Not an app built by buildApp');
  return internals;
}
