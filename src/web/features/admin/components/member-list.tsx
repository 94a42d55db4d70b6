import { Search, SlidersHorizontal } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_MEMBERS_PAGE_SIZE } from '#shared/constants.ts';
import type { AdminMember } from '#shared/schemas/admin.ts';
import { Button } from '#web/components/ui/button.tsx';
import { inputClass } from '#web/components/ui/field.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { reasonOf } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { isForbidden, useAdminMembers } from '../api/admin.ts';
import { formatDate } from '../lib/wording.ts';
import { EmailText } from './email-text.tsx';
import { ManageMemberDialog } from './manage-member-dialog.tsx';
import { RoleBadge, StatusBadge } from './member-badges.tsx';
import { Pager } from './pager.tsx';

const SEARCH_DELAY_MS = 300;

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The search box: what is typed reaches the URL (`?q=`) a moment after typing stops. */
function MemberSearch({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(q);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  // Back and forward change the URL: the box follows.
  useEffect(() => setText(q), [q]);
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => latest.current(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q]);

  return (
    <search className="relative w-full sm:max-w-sm">
      <label htmlFor="member-search" className="sr-only">
        Search members by e-mail or username
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted"
        aria-hidden="true"
      />
      <input
        id="member-search"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearch(text.trim());
        }}
        placeholder="Search by e-mail or username"
        autoComplete="off"
        maxLength={254}
        className={cn(inputClass, 'pl-10')}
      />
    </search>
  );
}

function ManageButton({
  member,
  onManage,
  className,
}: {
  member: AdminMember;
  onManage: () => void;
  className?: string;
}) {
  return (
    <Button size="sm" variant="secondary" onClick={onManage} className={className}>
      <SlidersHorizontal aria-hidden="true" />
      Manage<span className="sr-only"> {member.email}</span>
    </Button>
  );
}

function Name({ member, ownId }: { member: AdminMember; ownId: string }) {
  return (
    <>
      {/* anywhere, not break-word: in the table a 64-letter address must not widen its column past the page. */}
      <span className="block font-semibold [overflow-wrap:anywhere]">
        <EmailText email={member.email} />
        {member.id === ownId ? <span className="ml-1.5 font-normal text-muted">(you)</span> : null}
      </span>
      <span
        className={cn('block text-sm [overflow-wrap:anywhere]', member.username ? 'text-text/85' : 'text-muted italic')}
      >
        {member.username ?? 'No username'}
      </span>
    </>
  );
}

const th = 'px-3 py-2.5 text-left label-mono font-normal text-muted';
const td = 'px-3 py-3 align-middle';

/** Members as a table from 768 px, as cards below: the same facts and the same Manage button. */
function MemberTable({
  members,
  ownId,
  onManage,
}: {
  members: AdminMember[];
  ownId: string;
  onManage: (m: AdminMember) => void;
}) {
  return (
    <>
      <table className="hidden w-full border-collapse text-[0.95rem] md:table">
        <caption className="sr-only">Members, newest first</caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className={th}>
              Member
            </th>
            <th scope="col" className={th}>
              Joined
            </th>
            <th scope="col" className={th}>
              Role
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Bookmarks
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Steps done
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.id} className="border-b border-border/70 last:border-b-0 hover:bg-surface-2/50">
              <td className={cn(td, 'min-w-56')}>
                <Name member={member} ownId={ownId} />
              </td>
              <td className={cn(td, 'whitespace-nowrap text-muted')}>{formatDate(member.created_at)}</td>
              <td className={td}>
                <RoleBadge role={member.role} />
              </td>
              <td className={td}>
                <StatusBadge status={member.status} />
              </td>
              <td className={cn(td, 'text-right font-mono')}>{member.bookmark_count}</td>
              <td className={cn(td, 'text-right font-mono')}>{member.finished_step_count}</td>
              <td className={cn(td, 'text-right')}>
                <ManageButton member={member} onManage={() => onManage(member)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="flex flex-col gap-3 md:hidden" aria-label="Members, newest first">
        {members.map((member) => (
          <li key={member.id} className="rounded-xl border border-border bg-surface-2/40 p-4">
            <Name member={member} ownId={ownId} />
            <div className="mt-3 flex flex-wrap gap-1.5">
              <RoleBadge role={member.role} />
              <StatusBadge status={member.status} />
            </div>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-muted">Joined</dt>
                <dd>{formatDate(member.created_at)}</dd>
              </div>
              <div>
                <dt className="text-muted">Bookmarks</dt>
                <dd className="font-mono">{member.bookmark_count}</dd>
              </div>
              <div>
                <dt className="text-muted">Steps done</dt>
                <dd className="font-mono">{member.finished_step_count}</dd>
              </div>
            </dl>
            <ManageButton member={member} onManage={() => onManage(member)} className="mt-4 w-full" />
          </li>
        ))}
      </ul>
    </>
  );
}

/** The members panel of /admin: search, the page of members, paging, and the manage dialog. */
export function MemberList({ ownId, onForbidden }: { ownId: string; onForbidden: () => void }) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const page = pageOf(params.get('page'));
  const members = useAdminMembers({ q, page });
  const [managing, setManaging] = useState<AdminMember | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const forbidden = isForbidden(members.error);
  useEffect(() => {
    if (forbidden) onForbidden();
  }, [forbidden, onForbidden]);

  const go = (next: { q?: string; page?: number }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        const nextQ = next.q ?? q;
        const nextPage = next.page ?? 1;
        if (nextQ) updated.set('q', nextQ);
        else updated.delete('q');
        if (nextPage > 1) updated.set('page', String(nextPage));
        else updated.delete('page');
        return updated;
      },
      { replace: next.page === undefined, preventScrollReset: true },
    );

  const data = members.data;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 ref={headingRef} tabIndex={-1} className="font-display text-2xl font-semibold outline-none">
          Members
        </h2>
        <MemberSearch q={q} onSearch={(text) => go({ q: text })} />
      </div>
      <p role="status" className="mt-3 min-h-6 text-sm [overflow-wrap:anywhere] text-muted">
        {data
          ? q
            ? `${data.total} ${data.total === 1 ? 'member matches' : 'members match'} “${q}”`
            : `${data.total} ${data.total === 1 ? 'member' : 'members'}, newest first`
          : ''}
      </p>

      <div className="mt-3">
        {members.isPending ? (
          <div className="grid min-h-48 place-items-center">
            <Spinner label="Loading members…" />
          </div>
        ) : members.isError && !data ? (
          <div role="alert" className="rounded-xl border border-border bg-surface-2/60 p-5">
            <p className="font-semibold">We could not load the members.</p>
            <p className="mt-1 text-sm text-muted">{reasonOf(members.error)}</p>
            <Button variant="secondary" className="mt-4" onClick={() => members.refetch()}>
              Try again
            </Button>
          </div>
        ) : data && data.members.length === 0 ? (
          <div className="rounded-xl border border-dashed border-border p-6 text-center">
            <p className="font-semibold [overflow-wrap:anywhere]">
              {q ? `No member matches “${q}”.` : 'No members yet.'}
            </p>
            {q ? (
              <Button variant="secondary" size="sm" className="mt-4" onClick={() => go({ q: '' })}>
                Clear search
              </Button>
            ) : (
              <p className="mt-1 text-sm text-muted">Members appear here as they sign up.</p>
            )}
          </div>
        ) : data ? (
          <div aria-busy={members.isPlaceholderData} className={cn(members.isPlaceholderData && 'opacity-60')}>
            <MemberTable members={data.members} ownId={ownId} onManage={setManaging} />
            <Pager
              label="Members pages"
              page={page}
              pageSize={data.page_size || ADMIN_MEMBERS_PAGE_SIZE}
              total={data.total}
              onPage={(next) => {
                go({ page: next });
                headingRef.current?.focus();
              }}
            />
          </div>
        ) : null}
      </div>

      <ManageMemberDialog
        member={managing}
        ownId={ownId}
        onClose={() => setManaging(null)}
        onDeleted={() => headingRef.current?.focus()}
      />
    </div>
  );
}
