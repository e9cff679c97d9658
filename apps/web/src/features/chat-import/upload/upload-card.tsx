import { CircleAlertIcon, UploadIcon } from 'lucide-react';
import { useDropzone } from 'react-dropzone';
import { ImportProgress } from './import-progress';
import { PICKER_ACCEPT } from './upload-rules';
import { useChatUpload } from './use-chat-upload';

interface UploadCardProps {
  /** compact on the landing page, tall on other pages. */
  size?: 'compact' | 'tall';
}

/** Drop or pick an exported WhatsApp chat (.txt, or .zip with media); only the first file is used. */
export function UploadCard({ size = 'tall' }: UploadCardProps) {
  const { upload, phase, sent, error, busy } = useChatUpload();
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop: (files) => void upload(files),
    multiple: true,
    disabled: busy,
  });

  return (
    <div className="w-full">
      <div
        {...getRootProps({
          role: 'button',
          'aria-busy': busy || undefined,
          'aria-describedby': error ? 'upload-card-hint upload-card-error' : 'upload-card-hint',
        })}
        data-testid="upload-card"
        className={`group flex w-full cursor-pointer flex-col items-center justify-center rounded-2xl border-2 border-dashed px-6 text-center transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
          size === 'compact' ? 'min-h-56 py-8' : 'min-h-80 py-12 sm:min-h-96'
        } ${
          isDragActive
            ? 'border-brand-500 bg-brand-50'
            : 'border-slate-300 bg-slate-50/60 hover:border-brand-400 hover:bg-brand-50/40'
        } ${busy ? 'cursor-progress' : ''}`}
      >
        {/* Named by its visible text (WCAG 2.5.3). The input is out of the accessibility tree (display:
            none): a focusable control inside a button is one control too many; the card opens it. */}
        <input
          {...getInputProps({ accept: PICKER_ACCEPT, style: { display: 'none' } })}
          data-testid="upload-input"
        />
        {phase ? (
          <ImportProgress phase={phase} sent={sent} />
        ) : (
          <>
            <span
              className={`mb-4 flex size-14 items-center justify-center rounded-2xl bg-white text-brand-700 shadow-sm ring-1 ring-slate-200 transition-transform ${
                isDragActive ? 'scale-110' : 'group-hover:-translate-y-0.5'
              }`}
            >
              <UploadIcon className="size-7" />
            </span>
            {isDragActive ? (
              <p className="text-base font-semibold text-brand-800">Drop the files here ...</p>
            ) : (
              <p className="text-base text-slate-700">
                <span className="font-semibold text-brand-700">Click to upload</span> or drag and drop
              </p>
            )}
            <p id="upload-card-hint" className="mt-2 text-sm text-slate-500">
              Supported files: .txt or .zip [Max Size: 4MB]
            </p>
          </>
        )}
      </div>
      {error && !busy ? <UploadError message={error} /> : null}
    </div>
  );
}

/** The last attempt's failure, under the card until the next attempt. */
function UploadError({ message }: { message: string }) {
  return (
    <p
      id="upload-card-error"
      role="alert"
      data-testid="upload-error"
      className="mt-3 flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 px-3.5 py-2.5 text-left text-sm text-red-800"
    >
      <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0 break-words">{message}</span>
    </p>
  );
}
