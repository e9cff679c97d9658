import { ChartColumnIcon } from 'lucide-react';
import { NavItemLink } from '@/shared/ui/nav-item';

/** The navigation row to the loaded chat's Analysis screen (shown only while a chat is loaded). */
export function AnalysisNavItem({ onClick }: { onClick?: () => void }) {
  return (
    <NavItemLink to="/analysis" icon={<ChartColumnIcon />} onClick={onClick}>
      Analysis
    </NavItemLink>
  );
}
