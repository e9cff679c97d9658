import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../errors';
import type { SatisfactionRepository } from './satisfaction.repository';
import { createSatisfactionService } from './satisfaction.service';

// What a failed send does to the poll's claim (docs/decisions/0030): refused before anything left, the claim
// goes (the customer may be asked at the next close); failed or timed out on the way, it stays (the poll may
// have reached them, and they are not asked twice in a day).
describe('satisfaction poll claims', () => {
  function service(error: unknown) {
    const repo = {
      claim: vi.fn(async () => ({
        id: 7,
        organisationId: 1,
        ticketId: 3,
        sessionId: 's',
        groupJid: 'g@g.us',
      })),
      sent: vi.fn(async () => {}),
      release: vi.fn(async () => {}),
      voted: vi.fn(async () => null),
    };
    const satisfaction = createSatisfactionService({
      repo: repo as unknown as SatisfactionRepository,
      targets: { find: async () => ({ customerWaId: 'Q1' }) as never },
      sendPoll: async () => {
        throw error;
      },
      now: () => 0,
      changed: async () => {},
      log: { warn: () => {} },
    });
    return { repo, satisfaction };
  }

  it.each([
    ['not connected', new AppError(409, 'not connected')],
    ['over the reply limit', new AppError(429, 'too many')],
  ])('gives the claim back when the send was refused (%s)', async (_why, error) => {
    const { repo, satisfaction } = service(error);
    satisfaction.closed({ id: 2, organisationId: 1 }, 3);
    await satisfaction.settled();
    expect(repo.release).toHaveBeenCalledWith(7);
    expect(repo.sent).not.toHaveBeenCalled();
  });

  it.each([
    ['WhatsApp refused it on the way', new AppError(502, 'failed')],
    ['the owner did not answer in time', new AppError(504, 'timed out')],
  ])('keeps the claim when the poll may have left (%s)', async (_why, error) => {
    const { repo, satisfaction } = service(error);
    satisfaction.closed({ id: 2, organisationId: 1 }, 3);
    await satisfaction.settled();
    expect(repo.release).not.toHaveBeenCalled();
  });
});
