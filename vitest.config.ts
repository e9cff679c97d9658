import { basename } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each browser flow took on the CI machine (2026-11-28, the e2e project alone, one file per core on its
 * two cores). CI runs on a clean clone, where vitest has no timings of its own and starts the
 * largest files first; a long flow that happened to be small then started last and held up the end of the
 * run by a minute. Unlisted files count as short. Refresh the figures when a flow grows or is added (docs/testing.md).
 */
const E2E_SECONDS: Record<string, number> = {
  'accessibility-team.e2e.ts': 161,
  'accessibility-desk.e2e.ts': 154,
  'accessibility-public.e2e.ts': 145,
  'keyboard.e2e.ts': 137,
  'polls.e2e.ts': 132,
  'chat-import.e2e.ts': 121,
  'whatsapp.e2e.ts': 120,
  'reply-states.e2e.ts': 78,
  'saved-chats.e2e.ts': 76,
  'group-history.e2e.ts': 74,
  'accessibility-chats.e2e.ts': 74,
  'sla.e2e.ts': 71,
  'tickets.e2e.ts': 65,
  'group-chat.e2e.ts': 55,
  'auth.e2e.ts': 51,
  'inbox.e2e.ts': 50,
  'analysis.e2e.ts': 50,
  'members.e2e.ts': 49,
  'landing.e2e.ts': 49,
  'team-desk.e2e.ts': 47,
  'address-ownership.e2e.ts': 45,
  'planted-owner.e2e.ts': 36,
  'notifications.e2e.ts': 32,
  'replies.e2e.ts': 27,
  'session-pairing.e2e.ts': 26,
};

/** vitest's order, except that browser flows (a group of their own, run last) start longest first. */
class LongFlowsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isFlow = (file: TestSpecification) => file.project.name === 'e2e';
    const seconds = (file: TestSpecification) => E2E_SECONDS[basename(file.moduleId)] ?? 0;
    const flows = sorted.filter(isFlow).sort((a, b) => seconds(b) - seconds(a));
    return [...sorted.filter((file) => !isFlow(file)), ...flows];
  }
}

// One runner for every suite; each project keeps its own config beside its code.
export default defineConfig({
  test: {
    projects: [
      'packages/chat-export',
      'packages/business-time',
      'apps/server',
      'apps/web',
      'apps/web/vitest.mocks.config.ts',
      'e2e',
    ],
    // The unit and integration projects share three workers on CI's two cores: their files wait on
    // PostgreSQL, timers and sockets often enough that two workers left a quarter of the CPU idle (sampled
    // over a whole run, 2026-11-28). The e2e project runs after them (its `sequence.groupOrder`) with its
    // own pool size, so browser flows never compete with them for the CPU (docs/testing.md).
    maxWorkers: 3,
    sequence: { sequencer: LongFlowsFirst },
  },
});
