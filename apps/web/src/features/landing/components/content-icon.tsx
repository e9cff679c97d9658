import {
  ArchiveIcon,
  ChartIcon,
  ChatIcon,
  PhoneIcon,
  SearchIcon,
  ShieldIcon,
  UploadIcon,
} from '../../../shared/ui/icons';
import type { ContentIcon as ContentIconName } from '../content';

const ICONS = {
  phone: PhoneIcon,
  archive: ArchiveIcon,
  upload: UploadIcon,
  chart: ChartIcon,
  search: SearchIcon,
  shield: ShieldIcon,
  chat: ChatIcon,
} as const;

export function ContentIcon({ name, className }: { name: ContentIconName; className?: string }) {
  const Icon = ICONS[name];
  return <Icon className={className} />;
}
