import { useEffect, useRef, useState } from 'react';
import { AUDIT_LOG_PAGE_SIZE } from '#shared/constants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { reasonOf } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { isForbidden, useAuditLog } from '../api/admin.ts';
import { auditDetail, auditSentence, formatTime } from '../lib/wording.ts';
import { TextWithEmails } from './email-text.tsx';
import { Pager } from './pager.tsx';

/** Every administrator action, newest first: who, what, whom, when and why (product §3 Audit entry). */
export function AuditLog({ onForbidden }: { onForbidden: () => void }) {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const data = log.data;
  const forbidden = isForbidden(log.error);
  useEffect(() => {
    if (forbidden) onForbidden();
  }, [forbidden, onForbidden]);

  return (
    <div>
      <h2 ref={headingRef} tabIndex={-1} className="font-display text-2xl font-semibold outline-none">
        Audit log
      </h2>
      <p className="mt-1 text-sm text-muted">
        Every administrator action, newest first. Deleted members appear without their e-mail.
      </p>
      <div className="mt-5">
        {log.isPending ? (
          <div className="grid min-h-48 place-items-center">
            <Spinner label="Loading the audit log…" />
          </div>
        ) : log.isError && !data ? (
          <div role="alert" className="rounded-xl border border-border bg-surface-2/60 p-5">
            <p className="font-semibold">We could not load the audit log.</p>
            <p className="mt-1 text-sm text-muted">{reasonOf(log.error)}</p>
            <Button variant="secondary" className="mt-4" onClick={() => log.refetch()}>
              Try again
            </Button>
          </div>
        ) : data && data.entries.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted">
            Nothing yet: administrator actions appear here.
          </p>
        ) : data ? (
          <div aria-busy={log.isPlaceholderData} className={cn(log.isPlaceholderData && 'opacity-60')}>
            <ol className="flex flex-col divide-y divide-border/70 rounded-xl border border-border">
              {data.entries.map((entry) => {
                const { actor, text } = auditSentence(entry);
                const detail = auditDetail(entry);
                return (
                  <li key={entry.id} className="flex flex-col gap-1 p-4 sm:flex-row sm:gap-5">
                    <time dateTime={entry.created_at} className="shrink-0 font-mono text-sm text-muted sm:w-52">
                      {formatTime(entry.created_at)}
                    </time>
                    <div className="min-w-0 [overflow-wrap:break-word]">
                      <p>
                        <span className="font-semibold">
                          <TextWithEmails text={actor} />
                        </span>{' '}
                        <TextWithEmails text={text} />
                        {detail ? <span className="text-muted"> ({detail})</span> : null}
                      </p>
                      {entry.reason ? <p className="mt-1 text-sm text-muted">Reason: {entry.reason}</p> : null}
                    </div>
                  </li>
                );
              })}
            </ol>
            <Pager
              label="Audit log pages"
              page={page}
              pageSize={data.page_size || AUDIT_LOG_PAGE_SIZE}
              total={data.total}
              onPage={(next) => {
                setPage(next);
                headingRef.current?.focus();
              }}
            />
          </div>
        ) : null}
      </div>
    </div>
  );
}
