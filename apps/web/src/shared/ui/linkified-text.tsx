import { memo } from 'react';
import { linkify } from '@/shared/format/linkify';

/** Chat text with its http(s) links clickable; built as React nodes, so nothing in a chat is ever HTML. */
export const LinkifiedText = memo(function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((part, i) =>
        part.type === 'link' ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all text-sky-700 underline decoration-sky-700/30 underline-offset-2 hover:decoration-sky-700"
          >
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
});
