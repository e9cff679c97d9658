import { describe, expect, it } from 'vitest';
import { insertMention, matchMembers, mentionedIds, mentionQuery } from './mentions';

const RAVI = { id: 8, name: 'Ravi Shah' };
const MIA = { id: 7, name: 'Mia Lee' };

describe('mentions', () => {
  it('finds the @word before the caret, at the start or after a space', () => {
    expect(mentionQuery('@ra', 3)).toEqual({ query: 'ra', start: 0 });
    expect(mentionQuery('ask @', 5)).toEqual({ query: '', start: 4 });
    expect(mentionQuery('line\n@mi', 8)).toEqual({ query: 'mi', start: 5 });
  });

  it('is not a mention inside a word, after a space, or with the caret elsewhere', () => {
    expect(mentionQuery('mail me@example', 15)).toBeNull();
    expect(mentionQuery('@ravi done', 10)).toBeNull();
    expect(mentionQuery('@ravi', 0)).toBeNull();
  });

  it('matches members by any part of the name', () => {
    expect(matchMembers([RAVI, MIA], 'sha')).toEqual([RAVI]);
    expect(matchMembers([RAVI, MIA], '')).toEqual([RAVI, MIA]);
    expect(matchMembers([RAVI, MIA], '', 1)).toEqual([RAVI]);
  });

  it('replaces the typed @word with the name and puts the caret after it', () => {
    expect(insertMention('ask @ra now', 4, 7, RAVI)).toEqual({ text: 'ask @Ravi Shah  now', caret: 15 });
  });

  it('sends only the mentions still in the note, once each', () => {
    expect(mentionedIds('@Ravi Shah and @Ravi Shah', [RAVI, MIA, RAVI])).toEqual([8]);
    expect(mentionedIds('nobody', [RAVI])).toEqual([]);
  });

  it('reads a mention as the longest chosen name, followed by a space, punctuation or the end', () => {
    const ANN = { id: 1, name: 'Ann' };
    const ANN_LEE = { id: 2, name: 'Ann Lee' };
    expect(mentionedIds('@Ann Lee please look', [ANN, ANN_LEE])).toEqual([2]);
    expect(mentionedIds('@Ann Lee please look', [ANN_LEE, ANN])).toEqual([2]);
    expect(mentionedIds('@Ann Lee and @Ann', [ANN, ANN_LEE])).toEqual([1, 2]);
    expect(mentionedIds('@Ann, @Ann Lee.', [ANN_LEE, ANN])).toEqual([2, 1]);
    expect(mentionedIds('thanks @Ann!', [ANN])).toEqual([1]);
    expect(mentionedIds('ask @Ann\nnow', [ANN])).toEqual([1]);
    expect(mentionedIds('@Annabel is not Ann', [ANN])).toEqual([]);
    expect(mentionedIds('@Ann Leeds', [ANN_LEE])).toEqual([]);
  });

  it('tells every chosen member of the mentioned name', () => {
    expect(
      mentionedIds('@Ann', [
        { id: 1, name: 'Ann' },
        { id: 3, name: 'Ann' },
      ]),
    ).toEqual([1, 3]);
  });
});
