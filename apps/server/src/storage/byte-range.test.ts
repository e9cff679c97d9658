import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range';

describe('parseRange', () => {
  it.each([
    ['bytes=0-9', 100, { kind: 'partial', range: { start: 0, end: 9 } }],
    ['bytes=90-', 100, { kind: 'partial', range: { start: 90, end: 99 } }],
    ['bytes=-10', 100, { kind: 'partial', range: { start: 90, end: 99 } }],
    ['bytes=-500', 100, { kind: 'partial', range: { start: 0, end: 99 } }],
    ['bytes=50-500', 100, { kind: 'partial', range: { start: 50, end: 99 } }],
    ['bytes=99-99', 100, { kind: 'partial', range: { start: 99, end: 99 } }],
    ['bytes=100-', 100, { kind: 'unsatisfiable' }],
    ['bytes=100-200', 100, { kind: 'unsatisfiable' }],
    ['bytes=-0', 100, { kind: 'unsatisfiable' }],
    ['bytes=0-', 0, { kind: 'unsatisfiable' }],
  ] as const)('%s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });

  it.each([
    undefined,
    '',
    'bytes=',
    'bytes=-',
    'items=0-9',
    'bytes=0-9,20-29',
    'bytes=9-0',
    'bytes=a-b',
    'bytes 0-9',
  ])('sends the whole file for %o', (header) => {
    expect(parseRange(header, 100)).toEqual({ kind: 'whole' });
  });
});
