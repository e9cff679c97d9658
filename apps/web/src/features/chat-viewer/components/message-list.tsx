import type { ChatMessage } from '@wadesk/chat-export';
import { type Ref, useCallback } from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { dayKey, startsNewDay } from '@/shared/format/day-separators';
import { type RunKeys, startsNewRun } from '@/shared/format/message-runs';
import { DaySeparator } from '@/shared/ui/day-separator';
import { MessageBubble } from './message-bubble';

const RUNS: RunKeys<ChatMessage> = { author: (message) => message.author, day: dayKey };

interface MessageListProps {
  messages: ChatMessage[];
  sender: string | null;
  highlighted: number | null;
  listRef: Ref<VirtuosoHandle>;
  /** When `messages` is a part of the chat (a drill-down), each one's position in the whole chat. */
  indices?: readonly number[] | null;
}

/**
 * The whole chat, virtualised: only the messages near the viewport are in the page, so a
 * 40,000-message export scrolls as smoothly as a short one. It scrolls with the window.
 */
export function MessageList({ messages, sender, highlighted, listRef, indices }: MessageListProps) {
  const itemContent = useCallback(
    (index: number, message: ChatMessage) => {
      const at = indices?.[index] ?? index;
      return (
        <>
          {startsNewDay(messages, index) ? <DaySeparator day={dayKey(message)} /> : null}
          <MessageBubble
            message={message}
            index={at}
            own={message.author === sender}
            highlighted={highlighted === at}
            startsRun={startsNewRun(messages, index, RUNS)}
          />
        </>
      );
    },
    [messages, sender, highlighted, indices],
  );

  return (
    <Virtuoso
      ref={listRef}
      useWindowScroll
      data={messages}
      itemContent={itemContent}
      increaseViewportBy={{ top: 400, bottom: 600 }}
      className="py-2"
      aria-label="Messages"
      role="log"
    />
  );
}
