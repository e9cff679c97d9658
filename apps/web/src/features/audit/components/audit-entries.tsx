import type { AuditLogEntry } from '@wadesk/contract';
import { actorParts } from '@/features/audit/utils/audit-texts';
import { formatDateTime } from '@/shared/format/format';
import { MOBILE_QUERY, useMediaQuery } from '@/shared/hooks/use-media-query';
import { TABLE_HEADER_CELL, tableCell } from '@/shared/table/table-classes';
import { AuditSentence } from './audit-sentence';

const th = TABLE_HEADER_CELL;
const td = tableCell('top');

function Who({ entry }: { entry: AuditLogEntry }) {
  const { name, email } = actorParts(entry);
  return (
    <span className="block min-w-0">
      <span className="block font-semibold break-words text-slate-900">{name}</span>
      {email ? <span className="block text-xs break-all text-slate-500">{email}</span> : null}
    </span>
  );
}

function When({ at }: { at: string }) {
  return (
    <time dateTime={at} className="whitespace-nowrap tabular-nums">
      {formatDateTime(at)}
    </time>
  );
}

/** The entries as a table on larger screens and as cards on phones; each says what happened in a sentence. */
export function AuditEntries({ entries }: { entries: readonly AuditLogEntry[] }) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  if (mobile) {
    return (
      <ul className="divide-y divide-slate-100" aria-label="Audit log entries">
        {entries.map((entry) => (
          <li key={entry.id} data-entry-id={entry.id} className="space-y-2 px-4 py-4">
            <p className="text-sm leading-6 break-words text-slate-700">
              <AuditSentence entry={entry} />
            </p>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-xs text-slate-500">
              <Who entry={entry} />
              <When at={entry.at} />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr>
            <th className={`${th} w-44`}>When</th>
            <th className={`${th} w-56`}>Who</th>
            <th className={th}>What happened</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {entries.map((entry) => (
            <tr key={entry.id} data-entry-id={entry.id} className="hover:bg-slate-50/60">
              <td className={`${td} text-slate-600`}>
                <When at={entry.at} />
              </td>
              <td className={`${td} max-w-56`}>
                <Who entry={entry} />
              </td>
              <td className={`${td} min-w-80 leading-6 break-words text-slate-700`}>
                <AuditSentence entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
