import { ArrowUpDownIcon } from 'lucide-react';
import { Button } from '@/shared/ui/button';
import { flipSort, type SortDirection } from './sort';

/** Toggles oldest first / newest first by creation time; the label says the order now shown. */
export function SortButton({
  sort,
  onChange,
}: {
  sort: SortDirection;
  onChange: (sort: SortDirection) => void;
}) {
  const label = sort === 'desc' ? 'Newest first' : 'Oldest first';
  return (
    <Button
      variant="secondary"
      size="md"
      icon={<ArrowUpDownIcon className="size-4" />}
      onClick={() => onChange(flipSort(sort))}
      aria-label={`Sort by creation time, now ${label.toLowerCase()}`}
    >
      {label}
    </Button>
  );
}
