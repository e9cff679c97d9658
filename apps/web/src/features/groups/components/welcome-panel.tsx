import { MessagesSquareIcon } from 'lucide-react';

/** The right column before a group is chosen. */
export function WelcomePanel() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 bg-[#f7f5f1] px-8 text-center">
      <div className="flex size-16 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm">
        <MessagesSquareIcon className="size-8" />
      </div>
      <h2 className="text-lg font-semibold text-slate-900">Your all in one tool for handling WhatsApp!</h2>
      <p className="max-w-sm text-sm text-slate-600">
        Choose a group on the left to read its messages, page through older ones and sync its history.
      </p>
    </div>
  );
}
