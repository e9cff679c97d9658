import { ArrowRightIcon, VideoIcon } from 'lucide-react';
import { Link } from 'react-router';
import { videoSource } from '@/features/landing/utils/video-source';
import { useAuth } from '@/shared/account/auth-context';
import { usePublicConfig } from '@/shared/config/public-config';
import { buttonClasses } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { Spinner } from '@/shared/ui/spinner';

/** The promo video configured on the server (`demo_video_url` of /config/), or an honest note. */
export function DemoModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { status, config } = usePublicConfig();
  const unavailable = status !== 'loading' && !videoSource(config?.demo_video_url);
  return (
    <Dialog open={open} onClose={onClose} title="wadesk demo" size={unavailable ? 'max-w-lg' : 'max-w-4xl'}>
      <DemoVideo onLeave={onClose} />
    </Dialog>
  );
}

function DemoVideo({ onLeave }: { onLeave: () => void }) {
  const { status, config } = usePublicConfig();
  const { isSignedIn } = useAuth();
  if (status === 'loading') {
    return (
      <div className="flex aspect-video items-center justify-center rounded-xl bg-slate-100 text-brand-700">
        <Spinner className="size-8" label="Loading the demo" />
      </div>
    );
  }
  const source = videoSource(config?.demo_video_url);
  if (!source) {
    return (
      <div className="flex flex-col items-center justify-center gap-3 rounded-xl bg-slate-50 px-6 py-10 text-center ring-1 ring-slate-200">
        <span className="flex size-12 items-center justify-center rounded-full bg-slate-200 text-slate-500">
          <VideoIcon />
        </span>
        <p className="font-semibold text-slate-800">The demo video is not available on this server.</p>
        <p className="max-w-sm text-sm text-slate-600">
          No demo video has been configured here. Create a free account and import a chat to try wadesk
          yourself.
        </p>
        <Link
          to={isSignedIn ? '/dashboard' : '/register'}
          onClick={onLeave}
          className={buttonClasses({ size: 'lg', className: 'mt-2' })}
        >
          {isSignedIn ? 'Open dashboard' : 'Start for free'}
          <ArrowRightIcon className="size-4" />
        </Link>
      </div>
    );
  }
  if (source.kind === 'video') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: the promo video is supplied by the operator, without captions
      <video
        controls
        preload="metadata"
        src={source.src}
        className="aspect-video w-full rounded-xl bg-black"
      />
    );
  }
  return (
    <iframe
      src={source.src}
      title="wadesk demo video"
      allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
      className="aspect-video w-full rounded-xl bg-black"
    />
  );
}
