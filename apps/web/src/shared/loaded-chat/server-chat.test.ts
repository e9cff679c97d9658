import { describe, expect, it } from 'vitest';
import { objectNameOf, serverCaption } from './server-chat';

describe('server attachment messages', () => {
  it('take the object name from the first word of the content', () => {
    expect(objectNameOf({ has_attachment: true, content: 'u1/Abc_-9/IMG-1.png' })).toBe(
      'u1/Abc_-9/IMG-1.png',
    );
    expect(objectNameOf({ has_attachment: true, content: 'u1/x/a.png The lagoon sunset' })).toBe(
      'u1/x/a.png',
    );
    expect(objectNameOf({ has_attachment: true, content: '' })).toBeNull();
    expect(objectNameOf({ has_attachment: false, content: 'u1/x/a.png' })).toBeNull();
  });

  it('take the caption from `captions`, else from what follows the object name', () => {
    expect(serverCaption({ content: 'u1/x/a.png The lagoon', captions: 'The lagoon' })).toBe('The lagoon');
    expect(serverCaption({ content: 'u1/x/a.png The lagoon\nsunset', captions: '' })).toBe(
      'The lagoon\nsunset',
    );
    expect(serverCaption({ content: 'u1/x/a.png', captions: '' })).toBe('');
  });
});
