import type { AuthorStats, MessageFilter } from '@wadesk/chat-export';
import { DownloadIcon } from 'lucide-react';
import { formatCount, formatDuration, formatShare } from '@/shared/format/format-duration';
import { Button } from '@/shared/ui/button';

const COLUMNS: { header: string; cell(author: AuthorStats): string }[] = [
  { header: 'Messages', cell: (a) => formatCount(a.messages) },
  { header: 'Share', cell: (a) => formatShare(a.share) },
  { header: 'Words', cell: (a) => formatCount(a.words) },
  { header: 'Media', cell: (a) => formatCount(a.media) },
  { header: 'Links', cell: (a) => formatCount(a.links) },
  { header: 'Emoji', cell: (a) => formatCount(a.emoji) },
  { header: 'Deleted', cell: (a) => formatCount(a.deleted) },
  { header: 'Edited', cell: (a) => formatCount(a.edited) },
  { header: 'Started', cell: (a) => formatCount(a.conversationsStarted) },
  { header: 'Replies', cell: (a) => formatCount(a.responses) },
  {
    header: 'Median reply',
    cell: (a) => (a.medianResponseSeconds === null ? '—' : formatDuration(a.medianResponseSeconds)),
  },
];

interface AuthorTableProps {
  authors: AuthorStats[];
  onDrill(filter: MessageFilter): void;
  onCsv(): void;
}

/** Every author's figures (the chart shows the top ones); a name opens that author's messages. */
export function AuthorTable({ authors, onDrill, onCsv }: AuthorTableProps) {
  return (
    <section
      aria-labelledby="author-table-title"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 lg:col-span-2"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id="author-table-title" className="text-base font-semibold text-slate-900">
            Authors in detail
          </h2>
          <p className="mt-0.5 text-xs text-slate-500">Select a name to read their messages.</p>
        </div>
        <Button
          variant="ghost"
          size="md"
          icon={<DownloadIcon className="size-4" />}
          onClick={onCsv}
          aria-label="Download Authors in detail as CSV"
          disabled={authors.length === 0}
        >
          CSV
        </Button>
      </div>
      {authors.length === 0 ? (
        <p className="mt-3 rounded-xl bg-slate-50 px-4 py-8 text-center text-sm text-slate-500">
          No messages in this range.
        </p>
      ) : (
        <div className="-mx-4 mt-3 overflow-x-auto px-4 sm:-mx-5 sm:px-5">
          <table className="w-full min-w-[44rem] text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <th scope="col" className="py-2 pr-3">
                  Author
                </th>
                {COLUMNS.map((column) => (
                  <th key={column.header} scope="col" className="px-2 py-2 text-right whitespace-nowrap">
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {authors.map((author) => (
                <tr key={author.author} className="hover:bg-slate-50">
                  <th scope="row" className="max-w-48 py-2 pr-3 text-left font-medium">
                    <button
                      type="button"
                      onClick={() => onDrill({ author: author.author })}
                      className="block max-w-full truncate text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                    >
                      {author.author}
                    </button>
                  </th>
                  {COLUMNS.map((column) => (
                    <td
                      key={column.header}
                      className="px-2 py-2 text-right whitespace-nowrap text-slate-700 tabular-nums"
                    >
                      {column.cell(author)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
