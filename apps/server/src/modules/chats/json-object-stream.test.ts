import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createObjectStreamReader,
  MalformedJsonError,
  NotAnObjectError,
  RepeatedFieldError,
} from './json-object-stream';

/** Reads `text` in chunks cut at `cuts` (byte offsets); answers the fields, the streamed elements and kind. */
function read(text: string, cuts: number[] = []) {
  const bytes = Buffer.from(text);
  const elements: unknown[] = [];
  const reader = createObjectStreamReader('data', (value, index) => {
    expect(index).toBe(elements.length);
    elements.push(value);
  });
  let from = 0;
  for (const cut of [...cuts.filter((c) => c > 0 && c < bytes.length)].sort((a, b) => a - b)) {
    reader.write(bytes.subarray(from, cut));
    from = cut;
  }
  reader.write(bytes.subarray(from));
  const { fields, streamed } = reader.end();
  return { fields: { ...fields }, elements, streamed };
}

describe('createObjectStreamReader', () => {
  it('hands over the array field element by element and keeps the rest, whatever the chunking', () => {
    // The reader refuses a `__proto__` key at any depth (tested below), so valid input here has none:
    // fast-check generates one now and then, which made this property fail by chance.
    const json = fc
      .jsonValue({ maxDepth: 3 })
      .filter((value) => !JSON.stringify(value).includes('"__proto__":'));
    fc.assert(
      fc.property(
        fc.array(json, { maxLength: 6 }),
        fc.dictionary(
          fc.string().filter((k) => k !== 'data' && k !== '__proto__'),
          json,
          { maxKeys: 4 },
        ),
        fc.array(fc.nat(400), { maxLength: 8 }),
        (data, others, cuts) => {
          const text = JSON.stringify({ ...others, data });
          const parsed = JSON.parse(text);
          const { fields, elements, streamed } = read(text, cuts);
          expect(elements).toEqual(parsed.data);
          expect(streamed).toEqual({ kind: 'array', count: data.length });
          delete parsed.data;
          expect(fields).toEqual(parsed);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('splits multi-byte characters and escapes across chunks like JSON.parse reads them', () => {
    const text = JSON.stringify({
      chat_name: 'Ünïcødé 👋 \u0000 \ud800',
      data: ['日本語 😀', '"\\/\b\f\n\r\t'],
    });
    for (let cut = 1; cut < Buffer.byteLength(text); cut++) {
      const { fields, elements } = read(text, [cut]);
      expect({ ...fields, data: elements }).toEqual(JSON.parse(text));
    }
  });

  it('describes a streamed field that is not an array by a stand-in of its type', () => {
    expect(read('{"data":{"a":[1,2,3]}}').streamed).toEqual({ kind: 'other', value: {} });
    expect(read('{"data":"nope"}').streamed).toEqual({ kind: 'other', value: 'nope' });
    expect(read('{"data":null}').streamed).toEqual({ kind: 'other', value: null });
    expect(read('{"data":42}').streamed).toEqual({ kind: 'other', value: 42 });
    expect(read('{"x":1}').streamed).toEqual({ kind: 'absent' });
    expect(read('{}').streamed).toEqual({ kind: 'absent' });
  });

  it.each([
    '',
    '{',
    '{"data":[1,2',
    '{"a":1,}',
    '{"data":[1,]}',
    '{"data":[,1]}',
    '{"a" 1}',
    '{"a":1 "b":2}',
    '{1:2}',
    '{"a":1}}',
    '{"a":1} {"b":2}',
    '{"a":[1}',
    '{"a":tru}',
    '{"a":"unterminated',
  ])('refuses malformed JSON %o', (text) => {
    expect(() => read(text)).toThrow(MalformedJsonError);
  });

  it.each(['[1,2]', '"text"', '42', 'null', 'true'])(
    'tells a top level that is not an object: %o',
    (text) => {
      expect(() => read(text)).toThrow(NotAnObjectError);
    },
  );

  it('refuses the streamed field twice, since its first elements are already gone', () => {
    expect(() => read('{"data":[1],"data":[2]}')).toThrow(RepeatedFieldError);
    expect(read('{"a":1,"a":2,"data":[]}').fields).toEqual({ a: 2 });
  });

  it('refuses a __proto__ key at any depth, as the JSON parser of every other route does', () => {
    expect(() => read('{"__proto__":{"polluted":1},"data":[]}')).toThrow(MalformedJsonError);
    expect(() => read('{"data":[{"a":{"__proto__":{"polluted":2}}}]}')).toThrow(MalformedJsonError);
    expect(({} as { polluted?: number }).polluted).toBeUndefined();
    expect(read('{"chat_name":"__proto__","data":["__proto__"]}').elements).toEqual(['__proto__']);
  });

  it('passes on what the element callback throws, and stops there', () => {
    const reader = createObjectStreamReader('data', (_value, index) => {
      if (index === 1) throw new RangeError('second');
    });
    expect(() => reader.write(Buffer.from('{"data":[1,2,3]}'))).toThrow(RangeError);
  });
});
