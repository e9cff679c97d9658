import {
  ArchiveIcon,
  ChartColumnIcon,
  MessagesSquareIcon,
  SearchIcon,
  ShieldIcon,
  SmartphoneIcon,
  UploadIcon,
} from 'lucide-react';
import type { ContentIcon as ContentIconName } from '@/features/landing/content';

const ICONS = {
  phone: SmartphoneIcon,
  archive: ArchiveIcon,
  upload: UploadIcon,
  chart: ChartColumnIcon,
  search: SearchIcon,
  shield: ShieldIcon,
  chat: MessagesSquareIcon,
} as const;

export function ContentIcon({ name, className }: { name: ContentIconName; className?: string }) {
  const Icon = ICONS[name];
  return <Icon className={className} />;
}
