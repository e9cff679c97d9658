import { ChatExportError } from '@wadesk/chat-export';
import { describe, expect, it } from 'vitest';
import { exportDeps } from './export-deps';
import { memoryPersistence } from './testing-deps';

describe('exportDeps', () => {
  const deps = exportDeps(memoryPersistence());

  it('parses, indexes and searches with the chat-export package (prefix words, highlight range)', () => {
    const parsed = deps.parse('01/03/2022, 08:00 - Alice: Meet at the station\n01/03/2022, 08:01 - Bob: ok');
    expect(parsed.total_msgs).toBe(2);
    const index = deps.buildIndex(parsed.messages);
    expect(deps.search(index, 'STAT', 10)).toEqual([
      { index: 0, start: 12, end: 16, text: 'Meet at the station' },
    ]);
    expect(deps.search(index, 's', 10)).toEqual([]);
  });

  it('refuses a damaged zip with the generic message and passes on a clearer one', async () => {
    let error: unknown;
    try {
      await deps.readZip(new TextEncoder().encode('PK\u0003\u0004 not a zip'));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ChatExportError);
    expect(deps.userMessage(error)).toBeNull();
    expect(deps.userMessage(new ChatExportError('no-chat', 'The zip holds no chat text file (.txt).'))).toBe(
      'The zip holds no chat text file (.txt).',
    );
    expect(deps.userMessage(new Error('other'))).toBeNull();
  });
});
