import { MAX_POLL_OPTIONS, MIN_POLL_OPTIONS } from '@wadesk/contract';
import { PlusIcon, SendIcon, SparklesIcon, XIcon } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useSendPoll } from '@/features/tickets/api/replies-queries';
import {
  checkPoll,
  type PollDraft,
  type PollErrors,
  RATING_PRESET,
} from '@/features/tickets/utils/poll-form';
import { errorMessage } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { TextField } from '@/shared/ui/text-field';
import { toast } from '@/shared/ui/toast';

export const SEND_POLL_TEXT = {
  title: 'Send a poll',
  question: 'Question',
  option: (position: number) => `Option ${position}`,
  remove: (position: number) => `Remove option ${position}`,
  add: 'Add option',
  multiple: 'Allow multiple answers',
  preset: 'Rate our help',
  send: 'Send',
  sent: 'Poll sent.',
  failed: 'The poll could not be sent. Try again.',
} as const;

interface OptionField {
  key: number;
  text: string;
}

const EMPTY = { question: '', multiple: false };
const NO_ERRORS: PollErrors = { option: {} };
let nextKey = 0;
const fields = (texts: readonly string[]): OptionField[] => texts.map((text) => ({ key: nextKey++, text }));
const optionName = (index: number) => `option-${index}`;
const focusField = (form: HTMLFormElement | null, name: string) => {
  const field = form?.elements.namedItem(name);
  if (field instanceof HTMLElement) field.focus();
};
const blankOptions = () => fields(Array.from({ length: MIN_POLL_OPTIONS }, () => ''));

const input =
  'block h-10 w-full min-w-0 rounded-lg border bg-white px-3 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 focus:outline-none focus:ring-4';

/**
 * Asks the customer's group a question with options (a WhatsApp poll), from the ticket's reply area. The
 * draft is checked with the contract's schema and words before it is sent; the server's refusal shows as a
 * toast and keeps the dialog open; a sent poll closes it.
 */
export function SendPollDialog({
  ticketId,
  open,
  onClose,
}: {
  ticketId: number;
  open: boolean;
  onClose: () => void;
}) {
  const [head, setHead] = useState(EMPTY);
  const [options, setOptions] = useState<OptionField[]>(blankOptions);
  // Errors show once Send was tried, and then follow each edit.
  const [tried, setTried] = useState(false);
  // The field to focus once drawn (by name): a new option, or the one that took a removed one's place.
  const [focusName, setFocusName] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const send = useSendPoll();
  const listErrorId = useId();

  const draft: PollDraft = { ...head, options: options.map((option) => option.text) };
  const check = checkPoll(ticketId, draft);
  const errors = tried && !check.ok ? check.errors : NO_ERRORS;

  useEffect(() => {
    if (focusName === null) return;
    focusField(form.current, focusName);
    setFocusName(null);
  }, [focusName]);

  const reset = () => {
    setHead(EMPTY);
    setOptions(blankOptions());
    setTried(false);
  };
  const setOption = (key: number, text: string) =>
    setOptions((all) => all.map((option) => (option.key === key ? { ...option, text } : option)));
  const add = () => {
    const [added] = fields(['']);
    if (!added) return;
    setFocusName(optionName(options.length));
    setOptions((all) => [...all, added]);
  };
  const remove = (index: number) => {
    // The focus stays in the list: on the option that took the removed one's place, else the last.
    setFocusName(optionName(Math.min(index, options.length - 2)));
    setOptions((all) => all.filter((_, at) => at !== index));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    setTried(true);
    if (!check.ok) {
      // The first field to fix gets the focus, so its error is read out with it.
      const { question, option, options: list } = check.errors;
      focusField(
        form.current,
        question ? 'question' : optionName(list ? 0 : Math.min(...Object.keys(option).map(Number))),
      );
      return;
    }
    send.mutate(check.request, {
      onSuccess: () => {
        toast.success(SEND_POLL_TEXT.sent);
        reset();
        onClose();
      },
      onError: (failure) => toast.error(errorMessage(failure, SEND_POLL_TEXT.failed)),
    });
  };

  return (
    <Dialog open={open} onClose={onClose} title={SEND_POLL_TEXT.title} size="max-w-md">
      <form ref={form} noValidate onSubmit={submit} className="space-y-4">
        <div className="flex justify-end">
          <Button
            variant="ghost"
            size="md"
            icon={<SparklesIcon aria-hidden="true" className="size-4" />}
            onClick={() => {
              setHead({ question: RATING_PRESET.question, multiple: RATING_PRESET.multiple });
              setOptions(fields(RATING_PRESET.options));
            }}
          >
            {SEND_POLL_TEXT.preset}
          </Button>
        </div>
        <TextField
          name="question"
          data-autofocus
          label={SEND_POLL_TEXT.question}
          placeholder="Ask something"
          value={head.question}
          error={errors.question}
          onChange={(event) => setHead({ ...head, question: event.target.value })}
        />
        <fieldset>
          <legend className="mb-1.5 block text-sm font-medium text-slate-700">Options</legend>
          <ol className="space-y-2">
            {options.map((option, index) => {
              const error = errors.option[index];
              const errorId = `${listErrorId}-${option.key}`;
              const describedBy = [error ? errorId : null, errors.options ? listErrorId : null]
                .filter(Boolean)
                .join(' ');
              return (
                <li key={option.key}>
                  <div className="flex items-center gap-2">
                    <input
                      name={optionName(index)}
                      aria-label={SEND_POLL_TEXT.option(index + 1)}
                      aria-invalid={error || errors.options ? true : undefined}
                      aria-describedby={describedBy || undefined}
                      placeholder={`+ ${SEND_POLL_TEXT.option(index + 1)}`}
                      value={option.text}
                      onChange={(event) => setOption(option.key, event.target.value)}
                      className={`${input} ${
                        error || errors.options
                          ? 'border-red-400 focus:border-red-500 focus:ring-red-100'
                          : 'border-slate-300 focus:border-brand-600 focus:ring-brand-100'
                      }`}
                    />
                    {options.length > MIN_POLL_OPTIONS ? (
                      <Button
                        variant="ghost"
                        size="md"
                        className="w-8 shrink-0 px-0"
                        aria-label={SEND_POLL_TEXT.remove(index + 1)}
                        icon={<XIcon aria-hidden="true" className="size-4" />}
                        onClick={() => remove(index)}
                      />
                    ) : null}
                  </div>
                  {error ? (
                    <p id={errorId} className="mt-1 text-sm text-red-600">
                      {error}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ol>
          {errors.options ? (
            <p id={listErrorId} className="mt-1.5 text-sm text-red-600">
              {errors.options}
            </p>
          ) : null}
          {options.length < MAX_POLL_OPTIONS ? (
            <Button
              variant="ghost"
              size="md"
              className="mt-2"
              icon={<PlusIcon aria-hidden="true" className="size-4" />}
              onClick={add}
            >
              {SEND_POLL_TEXT.add}
            </Button>
          ) : null}
        </fieldset>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={head.multiple}
            onChange={(event) => setHead({ ...head, multiple: event.target.checked })}
            className="size-4 rounded border-slate-300 accent-brand-700"
          />
          {SEND_POLL_TEXT.multiple}
        </label>
        <div className="flex justify-end border-t border-slate-200 pt-4">
          <Button
            type="submit"
            size="lg"
            busy={send.isPending}
            icon={<SendIcon aria-hidden="true" className="size-4" />}
          >
            {SEND_POLL_TEXT.send}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
