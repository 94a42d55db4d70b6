import net from 'node:net';

const CONTINUE = 'HTTP/1.1 100 Continue\r\n\r\n';

export interface PartialRequest {
  /** Resolves once the server has read the head and dispatched the request (it sent 100 Continue). */
  readonly dispatched: Promise<void>;
  /** Resolves when the connection closes, with what the server wrote back after 100 Continue. */
  readonly answer: Promise<string>;
  /** Sends the rest of the body at once. */
  finish(): void;
  /** Sends the rest of the body one character every `everyMs`, as a client that holds the connection does. */
  trickle(everyMs: number): void;
  /** Closes the connection from this side. */
  stop(): void;
}

/**
 * A raw sign-up on its own socket (`Expect: 100-continue`, `Connection: close`) that has sent its
 * head and the first `sentNow` characters of `body`: the server is left waiting for the rest, as it
 * is with a slow or stalled client, until the test finishes, trickles or stops it.
 */
export function partialRequest(baseUrl: string, body: string, sentNow: number): PartialRequest {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  let received = '';
  let sent = sentNow;
  let trickling: NodeJS.Timeout | undefined;
  let onContinue: () => void = () => undefined;
  const dispatched = new Promise<void>((resolve) => {
    onContinue = resolve;
  });
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
    if (received.startsWith(CONTINUE)) onContinue();
  });
  socket.on('error', () => undefined);
  const head = [
    'POST /api/auth/signup HTTP/1.1',
    'Host: localhost',
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Expect: 100-continue',
    'Connection: close',
  ];
  socket.write(`${head.join('\r\n')}\r\n\r\n${body.slice(0, sentNow)}`);
  const answer = new Promise<string>((resolve) =>
    socket.on('close', () => {
      clearInterval(trickling);
      resolve(received.startsWith(CONTINUE) ? received.slice(CONTINUE.length) : received);
    }),
  );
  return {
    dispatched,
    answer,
    finish: () => {
      clearInterval(trickling);
      socket.write(body.slice(sent));
      sent = body.length;
    },
    trickle: (everyMs) => {
      clearInterval(trickling);
      trickling = setInterval(() => {
        if (sent < body.length && !socket.destroyed) socket.write(body.slice(sent, ++sent));
      }, everyMs);
    },
    stop: () => {
      clearInterval(trickling);
      socket.destroy();
    },
  };
}
