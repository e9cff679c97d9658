import {
  type ParsedTokenInfo,
  Tokenizer,
  TokenizerError,
  TokenParser,
  TokenParserError,
  TokenType,
} from '@streamparser/json';
import { MALFORMED_JSON } from '../../errors';

/** The bytes are not JSON (or end half-way). */
export class MalformedJsonError extends Error {
  constructor() {
    super(MALFORMED_JSON);
  }
}

/** The JSON is well formed so far but its top level is not an object. */
export class NotAnObjectError extends Error {}

/** The streamed field appears twice: its first elements are gone, so the last one cannot win. */
export class RepeatedFieldError extends Error {}

/** What the streamed field held. Not an array: a stand-in of the same JSON type (an object as `{}`). */
export type StreamedField =
  | { kind: 'absent' }
  | { kind: 'array'; count: number }
  | { kind: 'other'; value: unknown };

export interface ObjectStreamResult {
  /** The other fields, as parsed (a later duplicate wins, as with JSON.parse). */
  fields: Record<string, unknown>;
  streamed: StreamedField;
}

export interface ObjectStreamReader {
  write(chunk: Uint8Array): void;
  end(): ObjectStreamResult;
}

type State = 'start' | 'key' | 'colon' | 'value' | 'comma' | 'element' | 'separator' | 'done';

/**
 * Reads a JSON object from chunks of UTF-8 without ever holding the elements of its array field
 * `streamedKey`: each is handed to `onElement` as soon as it is complete and then dropped, so a 60 MB
 * chat save needs the memory of one message. Every other field is kept whole. Each value is assembled
 * by its own TokenParser.
 */
export function createObjectStreamReader(
  streamedKey: string,
  onElement: (value: unknown, index: number) => void,
): ObjectStreamReader {
  const tokenizer = new Tokenizer();
  const fields: Record<string, unknown> = Object.create(null);
  let streamed: StreamedField = { kind: 'absent' };
  let state: State = 'start';
  let key = '';
  let count = 0;
  let afterComma = false;
  let value: { parser: TokenParser; result: unknown; target: 'field' | 'element' | 'other' } | null = null;

  function startValue(target: 'field' | 'element' | 'other', token: ParsedTokenInfo) {
    // A field that is not the streamed array is only described: its own elements are discarded.
    const parser = new TokenParser(target === 'other' ? { paths: [], keepStack: false } : { paths: ['$'] });
    value = { parser, result: undefined, target };
    const current = value;
    parser.onValue = ({ value: parsed }) => {
      current.result = parsed;
    };
    if (target === 'other')
      streamed = { kind: 'other', value: token.token === TokenType.LEFT_BRACE ? {} : token.value };
    feedValue(token);
  }

  function feedValue(token: ParsedTokenInfo) {
    const current = value as NonNullable<typeof value>;
    current.parser.write(token);
    if (!current.parser.isEnded) return;
    value = null;
    if (current.target === 'field') fields[key] = current.result;
    if (current.target === 'element') {
      onElement(current.result, count++);
      state = 'separator';
      return;
    }
    state = 'comma';
  }

  function onToken(token: ParsedTokenInfo) {
    if (value) return feedValue(token);
    const type = token.token;
    switch (state) {
      case 'start':
        if (type !== TokenType.LEFT_BRACE) {
          if (type === TokenType.RIGHT_BRACE || type === TokenType.RIGHT_BRACKET)
            throw new MalformedJsonError();
          throw new NotAnObjectError();
        }
        state = 'key';
        return;
      case 'key':
        if (type === TokenType.RIGHT_BRACE && !afterComma) {
          state = 'done';
          return;
        }
        if (type !== TokenType.STRING) throw new MalformedJsonError();
        key = token.value as string;
        state = 'colon';
        return;
      case 'colon':
        if (type !== TokenType.COLON) throw new MalformedJsonError();
        state = 'value';
        return;
      case 'value':
        if (key !== streamedKey) return startValue('field', token);
        if (streamed.kind !== 'absent') throw new RepeatedFieldError();
        if (type !== TokenType.LEFT_BRACKET) return startValue('other', token);
        streamed = { kind: 'array', count: 0 };
        afterComma = false;
        state = 'element';
        return;
      case 'element':
        if (type === TokenType.RIGHT_BRACKET && !afterComma) {
          streamed = { kind: 'array', count };
          state = 'comma';
          return;
        }
        return startValue('element', token);
      case 'separator':
        if (type === TokenType.COMMA) {
          afterComma = true;
          state = 'element';
          return;
        }
        if (type !== TokenType.RIGHT_BRACKET) throw new MalformedJsonError();
        streamed = { kind: 'array', count };
        state = 'comma';
        return;
      case 'comma':
        if (type === TokenType.RIGHT_BRACE) {
          state = 'done';
          return;
        }
        if (type !== TokenType.COMMA) throw new MalformedJsonError();
        afterComma = true;
        state = 'key';
        return;
      case 'done':
        throw new MalformedJsonError();
    }
  }

  let protoString = false;
  tokenizer.onToken = (token) => {
    // A `__proto__` key at any depth is refused, as Fastify's JSON parser does for every other route.
    if (protoString && token.token === TokenType.COLON) throw new MalformedJsonError();
    protoString = token.token === TokenType.STRING && token.value === '__proto__';
    // A comma is only remembered until the token after it.
    const wasAfterComma = afterComma;
    onToken(token);
    if (wasAfterComma && token.token !== TokenType.COMMA) afterComma = false;
  };

  return {
    write(chunk) {
      try {
        tokenizer.write(chunk);
      } catch (error) {
        throw asKnown(error);
      }
    },
    end() {
      try {
        tokenizer.end();
      } catch (error) {
        throw asKnown(error);
      }
      if (state !== 'done') throw new MalformedJsonError();
      return { fields, streamed };
    },
  };
}

/** The library's tokenizer and parser errors mean malformed JSON; anything else (ours, onElement's) passes. */
function asKnown(error: unknown): unknown {
  return error instanceof TokenizerError || error instanceof TokenParserError
    ? new MalformedJsonError()
    : error;
}
