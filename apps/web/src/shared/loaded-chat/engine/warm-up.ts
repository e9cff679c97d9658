import { parseChat } from '@wadesk/chat-export';

/**
 * A small export in the common shapes (text, multi-line, links, media, system lines). Parsing it once
 * when the worker starts lets the JavaScript engine compile the parser's hot paths before a real
 * export arrives: the first 40,000-message import is then parsed by optimised code, not cold code.
 */
export function sampleExport(lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const minute = String(i % 60).padStart(2, '0');
    const stamp = `${day}/0${(i % 9) + 1}/2024, 1${i % 10}:${minute}`;
    if (i % 97 === 0) out.push(`${stamp} - Alice added Bob`);
    else if (i % 13 === 0) out.push(`${stamp} - Bob: IMG-2024010${i % 10}-WA00${i % 90}.jpg (file attached)`);
    else if (i % 7 === 0) out.push(`${stamp} - Carla: see https://example.org/${i} 🙂\nand a second line`);
    else out.push(`${stamp} - Alice: message number ${i} with a few words to read`);
  }
  return out.join('\n');
}

export function warmUpParser(lines = 3000): void {
  parseChat(sampleExport(lines));
}
