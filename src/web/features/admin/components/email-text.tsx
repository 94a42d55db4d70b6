/** An e-mail address that may wrap after its @ rather than mid-word (long addresses in narrow columns). */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** Text with e-mail addresses in it (an audit entry), each allowed to wrap after its @. */
export function TextWithEmails({ text }: { text: string }) {
  const parts = text.split('@');
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
    <span key={index}>
      {part}
      {index < parts.length - 1 ? (
        <>
          @<wbr />
        </>
      ) : null}
    </span>
  ));
}
