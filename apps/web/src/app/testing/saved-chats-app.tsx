import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AppLayout } from '@/app/layouts/app-layout';
import { MessagesRoute } from '@/app/routes/app/messages';
import { ChatDrawerItems } from '@/features/chat-viewer/components/chat-drawer-items';
import {
  PreviousChatsDropdown,
  PreviousChatsSection,
} from '@/features/saved-chats/components/previous-chats';
import { SavedChatsRoute } from '@/features/saved-chats/state/saved-chats-provider';
import type { ChatEngine } from '@/shared/loaded-chat/engine/chat-engine';
import type { ChatData } from '@/shared/loaded-chat/engine/engine-protocol';
import { chatData, chatMessage, fakeEngine, loadedChat } from '@/shared/loaded-chat/engine/testing-deps';
import { ChatProvider } from '@/shared/loaded-chat/state/chat-provider';
import { jsonResponse, renderRoutes, stubFetch } from '@/testing/render-routes';

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
              // Loaded on demand, as in the app (its screens are lazy routes).
              { path: '/dashboard', lazy: async () => ({ element: <p>dashboard screen</p> }) },
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
