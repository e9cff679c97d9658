import { ChartColumnIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import type { DateRange } from '@/shared/loaded-chat/date-range/date-range';
import type { AnalysisState } from '@/shared/loaded-chat/drill-down/drill-down';
import { buttonClasses } from '@/shared/ui/button';

/** The Messages toolbar's way to the Analysis screen, keeping ?chatId= and a drill-down's date range. */
export function AnalyseLink({ to, range }: { to: string; range?: DateRange }) {
  const { search } = useLocation();
  const state: AnalysisState | undefined = range ? { range } : undefined;
  return (
    <Link
      to={{ pathname: to, search }}
      state={state}
      aria-label="Analyse"
      className={buttonClasses({ variant: 'secondary', size: 'md' })}
    >
      <ChartColumnIcon className="size-4" />
      <span className="hidden sm:inline">Analyse</span>
    </Link>
  );
}
