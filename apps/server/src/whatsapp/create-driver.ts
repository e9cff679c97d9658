import { DEFAULT_CONNECTION_CONFIG, type WAVersion } from 'baileys';
import type { Config } from '../config';
import { type BaileysOptions, createBaileysDriver } from './baileys/baileys-driver';
import { createBaileysLogger } from './baileys/logger';
import type { ClientVersionOptions } from './client-version';
import type { WhatsAppDriver } from './driver';
import { DEFAULT_TIMING, type RunnerTiming } from './session-runner';
import {
  createSimulatorDriver,
  type SimulatorDriver,
  type SimulatorOptions,
} from './simulator/simulator-driver';

/** Knobs tests turn (short timers, loopback WhatsApp, an injected driver); production uses the defaults. */
export interface WhatsAppOverrides {
  driver?: WhatsAppDriver;
  timing?: Partial<RunnerTiming>;
  simulator?: Partial<SimulatorOptions>;
  /** The real driver against loopback, or over a scripted socket (test-support/whatsapp). */
  baileys?: Partial<Omit<BaileysOptions, 'logger'>>;
  /** The version keeper's timing (client-version.ts). */
  version?: Pick<ClientVersionOptions, 'timeoutMs' | 'everyMs' | 'refusalGapMs'>;
  qrWaitMs?: number;
  historyWaitMs?: number;
  syncAnswerTimeoutMs?: number;
  /** Least time between two empty answers that count as evidence of a chat's start (60 s). */
  historyEmptyGapMs?: number;
  heartbeatMs?: number;
  /** Session lease timing (tests shorten it to see takeovers in seconds). */
  lease?: Partial<{ ttlMs: number; renewMs: number; scanMs: number }>;
}

export interface WhatsAppAdapter {
  driver: WhatsAppDriver;
  /** The simulated phone's controls, when the simulator is the driver (demo mode and tests). */
  simulator: SimulatorDriver | null;
  timing: RunnerTiming;
  /** The WhatsApp Web version built into Baileys (Defaults/index.js:5). */
  builtInVersion: WAVersion;
}

/** The configured driver: Baileys (real WhatsApp) by default, the simulator in demo mode and tests. */
export function createWhatsAppAdapter(config: Config, overrides: WhatsAppOverrides = {}): WhatsAppAdapter {
  const timing = { ...DEFAULT_TIMING, ...overrides.timing };
  const driver =
    overrides.driver ??
    (config.whatsappDriver === 'simulator'
      ? createSimulatorDriver({ bigGroup: config.simulatorBigGroup, ...overrides.simulator })
      : createBaileysDriver({
          logger: createBaileysLogger(config.whatsappLogLevel),
          connectTimeoutMs: 20_000,
          keepAliveIntervalMs: timing.keepAliveMs,
          version: config.whatsappVersion ?? null,
          ...overrides.baileys,
        }));
  const simulator = driver.name === 'simulator' && 'scan' in driver ? (driver as SimulatorDriver) : null;
  return { driver, simulator, timing, builtInVersion: DEFAULT_CONNECTION_CONFIG.version };
}
