import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AppLayout } from '../../../app/layouts/app-layout';
import { MessagesRoute } from '../../../app/routes/app/messages';
import { jsonResponse, renderRoutes, stubFetch } from '../../../testing/render-routes';
import type { ChatEngine } from '../../chat-import/engine/chat-engine';
import type { ChatData } from '../../chat-import/engine/engine-protocol';
import { chatData, chatMessage, fakeEngine, loadedChat } from '../../chat-import/engine/testing-deps';
import { ChatProvider } from '../../chat-import/state/chat-provider';
import { ChatDrawerItems } from '../../chat-viewer/components/chat-drawer-items';
import { PreviousChatsDropdown, PreviousChatsSection } from '../components/previous-chats';
import { SavedChatsRoute } from './saved-chats-provider';

/** An engine whose `load` hands back what it was given, and whose restore finds `kept`. */
export function loadingEngine(kept: ChatData | null = null): ChatEngine {
  return fakeEngine({
    load: vi.fn(async (chat: ChatData) => loadedChat(chat)),
    restore: vi.fn(async () => (kept ? loadedChat(kept) : null)),
    clear: vi.fn(async () => {}),
  });
}

export const keptChat = (overrides: Partial<ChatData> = {}) =>
  chatData(
    [
      chatMessage({ author: 'Asha', content: 'Trip plans' }),
      chatMessage({ author: 'Ravi', content: 'Yes!' }),
    ],
    overrides,
  );

type Handler = (path: string, body: unknown) => Response | Promise<Response>;

/** A fake server for the saved-chat calls; `handle` answers, unknown paths are 404. */
export function savedChatsServer(handle: Handler) {
  return stubFetch((path, init) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    return handle(path, body);
  });
}

export const listOf = (...chats: [number, string][]) =>
  jsonResponse(200, {
    chat_count: chats.length,
    chat_list: chats.map(([chat_id, chat_name]) => ({ chat_id, chat_name })),
  });

/** The app's saved-chat wiring (provider, layout with sidebar and drawer, /messages) in a memory router. */
export function renderSavedChatsApp(engine: ChatEngine, initialEntry: string, extra: RouteObject[] = []) {
  const layout = (
    <AppLayout
      drawerItems={<ChatDrawerItems previousChats={<PreviousChatsDropdown />} />}
      sidebarItems={<PreviousChatsSection />}
    />
  );
  const wrap = (children: ReactNode) => <ChatProvider engine={engine}>{children}</ChatProvider>;
  return renderRoutes(
    [
      {
        element: wrap(<SavedChatsRoute />),
        children: [
          {
            element: layout,
            children: [
              { path: '/messages', element: <MessagesRoute /> },
              { path: '/dashboard', element: <p>dashboard screen</p> },
              { path: '/upload-chat', element: <p>upload screen</p> },
              ...extra,
            ],
          },
        ],
      },
      { path: '/', element: <p>landing</p> },
    ],
    initialEntry,
  );
}
