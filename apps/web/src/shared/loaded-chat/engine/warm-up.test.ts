import { parseChat } from '@wadesk/chat-export';
import { describe, expect, it } from 'vitest';
import { sampleExport, warmUpParser } from './warm-up';

describe('the worker’s warm-up export', () => {
  it('is a real export in the common shapes, so warming runs the parser’s real paths', () => {
    const chat = parseChat(sampleExport(200));
    expect(chat.total_msgs).toBe(200);
    expect([...chat.unique_authors].sort()).toEqual(['Alice', 'Bob', 'Carla']);
    expect(chat.messages.filter((m) => m.author === 'system')).toHaveLength(3);
    expect(chat.messages.some((m) => m.attachment?.kind === 'image')).toBe(true);
    expect(chat.messages.some((m) => m.content.includes('\n'))).toBe(true);
    expect(() => warmUpParser(50)).not.toThrow();
  });
});
