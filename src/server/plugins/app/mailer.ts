import fp from 'fastify-plugin';

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

export interface Mailer {
  /**
   * Sends in the background: the caller answers at once (so the answer's timing tells nothing), a
   * failure is logged, and closing the app waits for messages still on their way.
   */
  sendLater(message: MailMessage): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail through `SMTP_URL`; null when the site has none (recovery then goes through an administrator). */
    mailer: Mailer | null;
  }
}

export const mailerPlugin = fp(
  async (app) => {
    const { mail } = app.config;
    if (!mail) {
      app.decorate('mailer', null);
      return;
    }
    // Mailed links point at SITE_URL only: never at a host a request names (env.ts requires the pair).
    if (!app.config.siteUrl) throw new Error('SITE_URL must be set when mail is configured');
    // Loaded only when configured, like the Redis client.
    const { createTransport } = await import('nodemailer');
    const transport = createTransport(mail.smtpUrl);
    const pending = new Set<Promise<unknown>>();
    app.decorate('mailer', {
      sendLater(message: MailMessage) {
        const sending = transport
          .sendMail({ from: mail.from, ...message })
          // The SMTP URL holds a password: log the failure's message only, never the transport options.
          .catch((error: unknown) => app.log.error({ reason: String(error) }, 'mail could not be sent'))
          .finally(() => pending.delete(sending));
        pending.add(sending);
      },
    });
    app.addHook('onClose', async () => {
      await Promise.allSettled(pending);
      transport.close();
    });
  },
  { name: 'mailer', dependencies: ['config'] },
);
