import { describe, expect, it } from 'vitest';
import { mapGroupMessage } from '../mapping/to-group-message';
import { createPhoneContent, seededChanges } from './phone-content';

// What the simulated phone's members do after the first sync (decision 0026): built as Baileys hands it over,
// so the real mapping reads reactions, edits by the author and deletes.
describe('seededChanges', () => {
  const anchor = 1_800_000_000;
  const phone = createPhoneContent('session-1', anchor);

  it('reacts to some messages, edits a text and deletes two per fifty, all naming stored messages', () => {
    const group = phone.groups[0];
    if (!group) throw new Error('no group');
    const from = group.count - 120;
    const changes = seededChanges(phone.seed, phone.owner, group, from, group.count, anchor + 3600);
    const mapped = changes.map(mapGroupMessage);
    const ids = new Set(Array.from({ length: 120 }, (_, i) => group.message(from + i).key.id));
    const kinds = mapped.map((m) => m.kind);
    expect(kinds.filter((k) => k === 'reaction').length).toBeGreaterThan(5);
    expect(kinds).toContain('edit');
    expect(kinds.filter((k) => k === 'revoke').length).toBeGreaterThanOrEqual(2);
    for (const m of mapped) {
      if (m.kind === 'skip' || m.kind === 'message') throw new Error(`unexpected ${m.kind}`);
      expect(ids.has(m.targetId)).toBe(true);
    }
    // An edit comes from the message's own author, with the earlier text extended.
    const edit = mapped.find((m) => m.kind === 'edit');
    if (edit?.kind !== 'edit') throw new Error('no edit');
    const target = group.message([...ids].indexOf(edit.targetId) + from);
    expect(edit.author).toBe(target.key.participant);
    expect(edit.body).toBe(`${target.message?.conversation} (sorry, order #4822)`);
    // Deterministic: the same phone does the same again.
    expect(seededChanges(phone.seed, phone.owner, group, from, group.count, anchor + 3600)).toEqual(changes);
  });
});
