import { UploadCard } from '@/features/chat-import/upload/upload-card';
import { PageHeader } from '@/shared/ui/page-header';

export function UploadChatRoute() {
  return (
    <>
      <PageHeader
        title="Import chat"
        description="Import an exported WhatsApp chat (.txt, or .zip with its media)."
      />
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <UploadCard size="tall" />
      </div>
    </>
  );
}
