import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

interface MailServer {
  /** `smtp://127.0.0.1:<port>`, for `AppConfig.mail.smtpUrl`. */
  readonly url: string;
  /** Every message received, in order. */
  readonly messages: ParsedMail[];
  /** The next message after the `seen` first ones, or an error after `timeoutMs`. */
  nextMessage(seen: number, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps what it receives, parsed:
 * the app sends to it with nodemailer exactly as it would to a club's mail server.
 */
export async function startMailServer(): Promise<MailServer> {
  const messages: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          for (const wake of waiters) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      if (typeof address === 'object' && address) resolve(address.port);
      else reject(new Error('the SMTP server has no port'));
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    nextMessage(seen, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const message = messages[seen];
          if (!message) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(message);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no message ${seen + 1} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
