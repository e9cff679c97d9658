import { DownloadIcon, RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';
import { fetchAuditCsv } from '@/features/audit/api/audit-api';
import { useAuditLog } from '@/features/audit/hooks/use-audit-log';
import { AUDIT_TEXTS } from '@/features/audit/utils/audit-texts';
import { useCan } from '@/shared/account/permissions';
import { RoleNotice } from '@/shared/account/role-notice';
import { isApiError } from '@/shared/api/api-error';
import { csvFileName, downloadBlob } from '@/shared/csv/download-file';
import { Button } from '@/shared/ui/button';
import { PageHeader } from '@/shared/ui/page-header';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import { AuditEntries } from './audit-entries';
import { AuditFiltersForm } from './audit-filters-form';

function Body({ state }: { state: ReturnType<typeof useAuditLog> }) {
  if (state.loading) {
    return (
      <div className="flex justify-center py-16 text-brand-700">
        <Spinner className="size-8" label="Loading the audit log" />
      </div>
    );
  }
  if (state.error && state.entries.length === 0) {
    return (
      <p role="alert" className="px-5 py-14 text-center text-sm text-slate-600">
        {isApiError(state.error) && state.error.fromServer ? state.error.message : AUDIT_TEXTS.loadFailed}{' '}
        <button type="button" className="font-semibold text-brand-700 underline" onClick={state.refetch}>
          Try again
        </button>
      </p>
    );
  }
  if (state.entries.length === 0)
    return <p className="px-5 py-14 text-center text-sm text-slate-600">{AUDIT_TEXTS.empty}</p>;
  return <AuditEntries entries={state.entries} />;
}

/** The Audit log page (/audit-log): owners and admins read, filter and export the organisation's log. */
export function AuditLogScreen() {
  // Owners and admins read the log (decision 0019); a member who opens the link is told so and asks nothing.
  const read = useCan('readAuditLog');
  const allowed = read.allowed;
  const state = useAuditLog(allowed);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      downloadBlob(await fetchAuditCsv(state.filters), csvFileName('audit-log'));
    } catch (error) {
      toast.error(isApiError(error) && error.fromServer ? error.message : AUDIT_TEXTS.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  if (!allowed) {
    return (
      <>
        <PageHeader title={AUDIT_TEXTS.title} description={AUDIT_TEXTS.description} />
        <RoleNotice reason={read.reason} />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={AUDIT_TEXTS.title}
        description={AUDIT_TEXTS.description}
        actions={
          <>
            <Button
              variant="secondary"
              icon={<RefreshCwIcon className={`size-4 ${state.refreshing ? 'animate-spin' : ''}`} />}
              onClick={state.refetch}
              aria-label="Refresh the audit log"
            >
              <span className="hidden sm:inline">Refresh</span>
            </Button>
            <Button
              icon={<DownloadIcon className="size-4" />}
              busy={exporting}
              disabled={state.rangeError !== null}
              onClick={exportCsv}
            >
              Export CSV
            </Button>
          </>
        }
      />
      <section
        aria-label="Audit log"
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <AuditFiltersForm
          filters={state.filters}
          onChange={state.setFilters}
          members={state.members}
          rangeError={state.rangeError}
        />
        <Body state={state} />
        {state.hasOlder ? (
          <div className="flex justify-center border-t border-slate-200 px-4 py-4">
            <Button variant="secondary" size="md" busy={state.loadingOlder} onClick={state.loadOlder}>
              Load older
            </Button>
          </div>
        ) : null}
      </section>
    </>
  );
}
