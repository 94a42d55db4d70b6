import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';

/** Previous / "Page n of m" / Next under a paged list. */
export function Pager({
  label,
  page,
  pageSize,
  total,
  onPage,
}: {
  /** What is paged, for screen readers: "Members pages". */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={label} className="mt-5 flex items-center justify-between gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm text-muted">
        Page {Math.min(page, pages)} of {pages}
      </p>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
