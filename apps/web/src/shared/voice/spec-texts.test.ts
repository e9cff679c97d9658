import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The specification's own texts (docs/web-structure.md, One voice) stay exactly as
 * written, misspellings and title case included, even where the rest of the product's voice differs
 * (contract-messages.test.ts). Each line: the text, and the source files that show it. Rewording one in any of
 * its files fails here. Paths are from the repository's root.
 */
const SPEC_TEXTS: [text: string, files: string[]][] = [
  // §2 screens
  ['Unexpected Application Error!', ['apps/web/src/app/routes/route-error.tsx']],
  ['Watch free demo', ['apps/web/src/features/landing/components/hero.tsx']],
  ['Start for free', ['apps/web/src/features/landing/components/landing-header.tsx']],
  ['Click to upload', ['apps/web/src/features/chat-import/upload/upload-card.tsx']],
  [' or drag and drop', ['apps/web/src/features/chat-import/upload/upload-card.tsx']],
  ['Drop the files here ...', ['apps/web/src/features/chat-import/upload/upload-card.tsx']],
  [
    'Supported files: .txt or .zip [Max Size: 4MB]',
    ['apps/web/src/features/chat-import/upload/upload-card.tsx'],
  ],
  ['Sign in to your account', ['apps/web/src/app/routes/auth/login.tsx']],
  ["Something's missing.", ['apps/web/src/app/routes/not-found.tsx']],
  ['Back to Homepage', ['apps/web/src/app/routes/not-found.tsx']],
  ['Redirecting to Login Page', ['apps/web/src/app/routes/not-found.tsx']],
  ['Login to use the premium features', ['apps/web/src/features/chat-viewer/components/visitor-banner.tsx']],
  ['Search Messages', ['apps/web/src/features/chat-viewer/search/search-panel.tsx']],
  ['Search...', ['apps/web/src/features/chat-viewer/search/search-input.tsx']],
  ['Write a name for your chat.', ['apps/web/src/features/saved-chats/components/save-chat-dialog.tsx']],
  ['Save Chat', ['apps/web/src/features/saved-chats/components/save-chat-dialog.tsx']],
  ['No previous Sessions found', ['apps/web/src/features/sessions/components/sessions-screen.tsx']],
  ['Not-Connected', ['apps/web/src/features/sessions/components/qr-step-check.tsx']],
  ['Sync Chats & Groups', ['apps/web/src/features/sessions/components/qr-stepper.tsx']],
  ['Sync Now', ['apps/web/src/features/sessions/components/qr-step-sync.tsx']],
  ['Generate QR Code', ['apps/web/src/features/sessions/components/qr-step-scan.tsx']],
  ['Enter Group Name', ['apps/web/src/features/groups/components/group-list.tsx']],
  ['No Active Session :/', ['apps/web/src/features/groups/components/no-active-session.tsx']],
  [
    'Do you wish to create a session and sync your whatsapp chat in realtime',
    ['apps/web/src/features/groups/components/no-active-session.tsx'],
  ],
  ['Yes, Create Session', ['apps/web/src/features/groups/components/no-active-session.tsx']],
  [
    'Your all in one tool for handling WhatsApp!',
    ['apps/web/src/features/groups/components/welcome-panel.tsx'],
  ],
  ['Sync All Old Messages', ['apps/web/src/features/groups/components/conversation-header.tsx']],
  ['Enter a name of Agent', ['apps/web/src/features/agents/components/agent-name-field.tsx']],
  ['Download as CSV', ['apps/web/src/features/agents/components/agents-toolbar.tsx']],
  // §8 empty states
  ['No messages found!', ['apps/web/src/features/chat-viewer/search/search-results.tsx']],
  ['No new Chat Found', ['apps/web/src/features/groups/components/conversation.tsx']],
  ['No Agents found', ['apps/web/src/features/agents/components/agents-screen.tsx']],
  ['No Open Tickets', ['apps/web/src/features/tickets/components/dashboard-screen.tsx']],
  // §5 validation
  [
    'Please enter a valid name for your chat!',
    ['apps/web/src/features/saved-chats/utils/chat-name.ts', 'packages/contract/src/chats.ts'],
  ],
  ['Enter a valid email address.', ['packages/contract/src/auth.ts']],
  ['Password must be 6 or more characters long', ['packages/contract/src/auth.ts']],
  [
    'Password must contain at least one special character and one capital letter.',
    ['packages/contract/src/auth.ts'],
  ],
  ['First Name must be 3 or more characters long.', ['packages/contract/src/auth.ts']],
  [
    'Fill the details corretly',
    [
      'apps/web/src/features/agents/utils/agent-table.ts',
      'apps/web/src/features/sessions/components/create-session-modal.tsx',
      'packages/contract/src/sessions.ts',
    ],
  ],
  [
    'Access token not found',
    [
      'apps/web/src/features/agents/utils/agent-table.ts',
      'apps/web/src/features/sessions/components/create-session-modal.tsx',
    ],
  ],
  ['No session id passed', ['packages/contract/src/sessions.ts']],
  ['sessionId is not available', ['packages/contract/src/sessions.ts']],
  // §8 error catalogue: toasts
  ['file size exceed limit of 4MB', ['apps/web/src/features/chat-import/upload/upload-rules.ts']],
  ['Error extracting zip file', ['apps/web/src/features/chat-import/upload/upload-rules.ts']],
  ['some error occured in file upload', ['apps/web/src/features/chat-import/upload/upload-rules.ts']],
  ['Files Uploaded, Check Messages', ['apps/web/src/features/chat-import/upload/upload-rules.ts']],
  ['Zip file uploaded and extracted', ['apps/web/src/features/chat-import/upload/upload-rules.ts']],
  ['Login Successful!', ['apps/web/src/features/auth/components/login-form.tsx']],
  [
    'Chat is Saved Successfully into your account!',
    ['apps/web/src/features/saved-chats/components/saved-chat-messages.ts'],
  ],
  [
    'Something Went Wrong While Saving Chat!',
    ['apps/web/src/features/saved-chats/components/saved-chat-messages.ts'],
  ],
  ['Logged in via URL token!', ['apps/web/src/app/routes/auth/login.tsx']],
  ['Logout Successfull', ['apps/web/src/app/layouts/use-logout.ts']],
  ['Agent added successfull', ['apps/web/src/features/agents/utils/agent-table.ts']],
  ['Successfully fetched 100 messages', ['apps/web/src/features/groups/utils/message-page.ts']],
  [
    'You are not registered. Please create your account!',
    ['apps/web/src/features/auth/components/login-form.tsx'],
  ],
  ['Something Went Wrong!', ['apps/web/src/features/auth/components/login-form.tsx']],
  ['Google login was unsuccessful.', ['apps/web/src/features/auth/components/google-button.tsx']],
  ['Something went wrong with Google login', ['apps/web/src/features/auth/components/google-sign-in.tsx']],
  ['Something went wrong with google auth', ['apps/web/src/features/auth/components/google-button.tsx']],
  ['Error in file Download', ['apps/web/src/features/groups/api/groups-api.ts']],
  ['something went wrong', ['apps/web/src/features/groups/hooks/use-group-sync.ts']],
  ['Error while fetching groups', ['apps/web/src/features/groups/hooks/use-groups.ts']],
  ['Some error in creating agent', ['apps/web/src/features/agents/utils/agent-table.ts']],
  ['Error in getting agent data', ['apps/web/src/features/agents/utils/agent-table.ts']],
  ['qr generated', ['apps/web/src/features/sessions/hooks/use-qr-code.ts']],
  ['qr not generated', ['apps/web/src/features/sessions/hooks/use-qr-code.ts']],
  [
    'Active session limit exhausted',
    [
      'apps/web/src/features/sessions/components/create-session-modal.tsx',
      'apps/web/src/features/sessions/hooks/use-qr-code.ts',
    ],
  ],
  [
    'Something went wrong while creating session!',
    ['apps/web/src/features/sessions/components/create-session-modal.tsx'],
  ],
  ['An unknown error occurred', ['apps/web/src/features/tickets/hooks/use-conversation.ts']],
];

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../../..');

describe("the specification's texts", () => {
  it.each(SPEC_TEXTS)('keeps %j as written', (text, files) => {
    for (const file of files) {
      const source = readFileSync(join(root, file), 'utf8');
      expect(source.includes(text), `${file} no longer holds "${text}"`).toBe(true);
    }
  });
});
