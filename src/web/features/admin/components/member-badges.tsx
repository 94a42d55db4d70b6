import type { AdminMember } from '#shared/schemas/admin.ts';
import { cn } from '#web/lib/cn.ts';
import { ROLE_LABELS, STATUS_LABELS } from '../lib/wording.ts';

const badge = 'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap';

const STATUS_STYLES: Record<AdminMember['status'], string> = {
  active:
    'border-emerald-700/40 bg-emerald-50 text-emerald-800 dark:border-emerald-400/40 dark:bg-emerald-950/40 dark:text-emerald-200',
  hidden:
    'border-amber-700/40 bg-amber-50 text-amber-900 dark:border-amber-400/40 dark:bg-amber-950/40 dark:text-amber-200',
  suspended: 'border-red-700/40 bg-red-50 text-red-800 dark:border-red-400/40 dark:bg-red-950/40 dark:text-red-200',
};

export function StatusBadge({ status }: { status: AdminMember['status'] }) {
  return <span className={cn(badge, STATUS_STYLES[status])}>{STATUS_LABELS[status]}</span>;
}

export function RoleBadge({ role }: { role: AdminMember['role'] }) {
  return (
    <span
      className={cn(
        badge,
        role === 'admin' ? 'border-accent/60 bg-accent-soft text-text' : 'border-border bg-surface-2 text-muted',
      )}
    >
      {ROLE_LABELS[role]}
    </span>
  );
}
