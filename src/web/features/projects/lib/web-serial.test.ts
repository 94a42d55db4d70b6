import { describe, expect, it } from 'vitest';
import { LinkTimeout } from '#device/upload/stk500.ts';
import { PortBusy, PortGone, WebSerialLink, type WebSerialPort } from './web-serial.ts';

/** A port whose other end the test plays: `send` is what the board says, `sent` what the page wrote. */
function fakePort(options: { busy?: boolean } = {}) {
  let board: ReadableStreamDefaultController<Uint8Array> | undefined;
  const sent: number[] = [];
  const calls: string[] = [];
  const port: WebSerialPort = {
    open: async ({ baudRate }) => {
      calls.push(`open ${baudRate}`);
      if (options.busy) throw new DOMException('Failed to open serial port.', 'NetworkError');
    },
    close: async () => {
      calls.push('close');
    },
    setSignals: async (signals) => {
      calls.push(`signals ${JSON.stringify(signals)}`);
    },
    getInfo: () => ({ usbVendorId: 0x2341, usbProductId: 0x0043 }),
    readable: new ReadableStream<Uint8Array>({
      start: (controller) => {
        board = controller;
      },
    }),
    writable: new WritableStream<Uint8Array>({
      write: (chunk) => {
        sent.push(...chunk);
      },
    }),
  };
  return {
    port,
    sent,
    calls,
    send: (...bytes: number[]) => board?.enqueue(Uint8Array.from(bytes)),
    unplug: () => board?.error(new DOMException('The device has been lost.', 'NetworkError')),
  };
}

describe('WebSerialLink', () => {
  it('reads exactly the bytes asked for, as they arrive, and writes what it is given', async () => {
    const fake = fakePort();
    const link = await WebSerialLink.open(fake.port, 115_200);
    await link.write(Uint8Array.of(0x30, 0x20));
    setTimeout(() => fake.send(0x14), 5);
    setTimeout(() => fake.send(0x10, 0x99), 10);
    expect([...(await link.read(2, 1000))]).toEqual([0x14, 0x10]);
    expect([...(await link.read(1, 1000))]).toEqual([0x99]);
    expect(fake.sent).toEqual([0x30, 0x20]);
    expect(fake.calls).toEqual(['open 115200']);
  });

  it('times out when the board says nothing', async () => {
    const link = await WebSerialLink.open(fakePort().port, 115_200);
    await expect(link.read(1, 20)).rejects.toBeInstanceOf(LinkTimeout);
  });

  it('fails at once when the cable comes out, and still lets go of the port', async () => {
    const fake = fakePort();
    const link = await WebSerialLink.open(fake.port, 115_200);
    const reading = link.read(2, 5000);
    fake.unplug();
    await expect(reading).rejects.toBeInstanceOf(PortGone);
    await expect(link.write(Uint8Array.of(1))).rejects.toBeInstanceOf(PortGone);
    await link.close();
    expect(fake.calls.at(-1)).toBe('close');
  });

  it('says a port another program holds is busy', async () => {
    await expect(WebSerialLink.open(fakePort({ busy: true }).port, 9600)).rejects.toBeInstanceOf(PortBusy);
  });

  it('hands what arrives to the monitor once it listens, starting with what came before', async () => {
    const fake = fakePort();
    const link = await WebSerialLink.open(fake.port, 9600);
    fake.send(72);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const heard: number[] = [];
    link.onData((bytes) => heard.push(...bytes));
    fake.send(105);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(String.fromCharCode(...heard)).toBe('Hi');
  });
});
