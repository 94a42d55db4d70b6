import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { AdminMember, ResetLink } from '#shared/schemas/admin.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { formatTime } from '../lib/wording.ts';

/** The reset link, shown this once, with a copy button. */
export function LinkStep({ member, link, onDone }: { member: AdminMember; link: ResetLink; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.select(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
      notifySuccess('Link copied', `Hand it to ${member.email}: it works once, until ${formatTime(link.expires_at)}.`);
    } catch {
      // No clipboard (an old browser, a denied permission): the link is selected for copying by hand.
      inputRef.current?.select();
      notifyError('Copy failed', 'Select the link and copy it yourself.');
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <div role="status">
        <h3 className="font-display text-lg font-semibold">Reset link ready</h3>
        <p className="mt-1.5 text-[0.95rem] leading-relaxed text-muted">
          Copy it now: it is shown only this once. It works once, until {formatTime(link.expires_at)}.
        </p>
      </div>
      <Field label="Reset link">
        {(field) => (
          <Input
            {...field}
            ref={inputRef}
            readOnly
            value={link.url}
            className="font-mono text-sm"
            onFocus={(event) => event.currentTarget.select()}
          />
        )}
      </Field>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={onDone}>
          Done
        </Button>
        <Button onClick={copy}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
    </div>
  );
}
