import {
  DEFAULT_ACK_PHRASES,
  MAX_ACK_PHRASE_LENGTH,
  MAX_ACK_PHRASES,
  normaliseAckPhrase,
} from '@wadesk/contract';
import { PlusIcon, RotateCcwIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { SETTINGS_TEXTS as T } from '@/features/settings/utils/settings-texts';
import { Button } from '@/shared/ui/button';
import { RemovableChip } from '@/shared/ui/removable-chip';
import { SectionCard } from '@/shared/ui/section-card';
import { TextField } from '@/shared/ui/text-field';

/** The default list as the server keeps it ("thanks" and "thanks!" are one phrase). */
const DEFAULT_PHRASES = [...new Set(DEFAULT_ACK_PHRASES.map(normaliseAckPhrase))];

interface AckPhrasesSectionProps {
  saved: string[];
  canEdit: boolean;
  saving: boolean;
  onSave: (phrases: string[]) => void;
}

/** The acknowledgement phrases as chips: add, remove, reset to the default list, then save. */
export function AckPhrasesSection({ saved, canEdit, saving, onSave }: AckPhrasesSectionProps) {
  const [draft, setDraft] = useState<string[] | null>(null);
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | undefined>();
  const phrases = draft ?? saved;
  const changed = draft !== null && draft.join('\n') !== saved.join('\n');
  const isDefault = phrases.join('\n') === DEFAULT_PHRASES.join('\n');

  const add = (event: FormEvent) => {
    event.preventDefault();
    const phrase = normaliseAckPhrase(input);
    if (!phrase) return;
    if (phrase.length > MAX_ACK_PHRASE_LENGTH)
      return setError(`A phrase has at most ${MAX_ACK_PHRASE_LENGTH} characters.`);
    if (phrases.includes(phrase)) return setError(T.ackDuplicate);
    if (phrases.length >= MAX_ACK_PHRASES) return setError(`At most ${MAX_ACK_PHRASES} phrases.`);
    setDraft([...phrases, phrase]);
    setInput('');
    setError(undefined);
  };

  return (
    <SectionCard title={T.ackTitle} description={T.ackDescription}>
      {phrases.length > 0 ? (
        <ul aria-label="Acknowledgement phrases" className="flex flex-wrap gap-2">
          {phrases.map((phrase) => (
            <RemovableChip
              key={phrase}
              removeLabel={`Remove “${phrase}”`}
              onRemove={canEdit ? () => setDraft(phrases.filter((p) => p !== phrase)) : undefined}
            >
              {phrase}
            </RemovableChip>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500 italic">{T.ackEmpty}</p>
      )}
      {canEdit ? (
        <>
          <form onSubmit={add} className="mt-4 flex items-start gap-2">
            <TextField
              label={T.ackInput}
              placeholder={T.ackPlaceholder}
              value={input}
              onChange={(event) => {
                setInput(event.target.value);
                setError(undefined);
              }}
              error={error}
              className="min-w-0 flex-1 sm:max-w-sm"
            />
            <Button
              type="submit"
              variant="secondary"
              className="mt-7"
              icon={<PlusIcon className="size-4" />}
              disabled={!input.trim()}
            >
              <span className="sr-only sm:not-sr-only">{T.ackAdd}</span>
            </Button>
          </form>
          <div className="mt-4 flex flex-wrap items-center justify-end gap-2 border-t border-slate-100 pt-4">
            <Button
              type="button"
              variant="ghost"
              icon={<RotateCcwIcon className="size-4" />}
              disabled={isDefault || saving}
              onClick={() => setDraft(DEFAULT_PHRASES)}
            >
              {T.ackReset}
            </Button>
            <Button
              type="button"
              busy={saving}
              disabled={!changed || saving}
              onClick={() => {
                onSave(phrases);
                setDraft(null);
              }}
            >
              {T.save}
            </Button>
          </div>
        </>
      ) : null}
    </SectionCard>
  );
}
