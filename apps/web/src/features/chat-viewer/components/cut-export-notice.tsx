import { type ChatCounts, EXPORT_CAP } from '@wadesk/chat-export';

const count = (n: number) => n.toLocaleString('en-IN');

/**
 * Above the conversation when the export is at WhatsApp's cap and does not begin where the chat began:
 * WhatsApp drops the oldest messages of longer chats, so the user should know the start is missing.
 */
export function CutExportNotice({
  counts,
  lines,
  withMedia,
}: {
  counts: ChatCounts | null;
  lines: number;
  withMedia: boolean;
}) {
  if (!counts?.likelyCut) return null;
  const cap = withMedia ? EXPORT_CAP.withMedia : EXPORT_CAP.withoutMedia;
  return (
    <div
      role="note"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-900"
      data-testid="cut-export-notice"
    >
      <strong className="font-semibold">Older messages are probably missing.</strong> This export holds{' '}
      {count(lines)} lines and does not begin where the chat began: WhatsApp exports at most about{' '}
      {count(cap)} messages {withMedia ? 'when media is included' : 'without media'} and leaves out the
      oldest. {withMedia ? 'Export again without media to get up to 40,000.' : ''}
    </div>
  );
}
