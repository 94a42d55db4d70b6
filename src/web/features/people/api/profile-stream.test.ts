import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicProfile } from '#shared/schemas/profile.ts';
import {
  createProfileStream,
  PROFILE_STREAM_URL,
  type ProfileStreamEvent,
  profileStreamEvent,
} from './profile-stream.ts';

const ADA: PublicProfile = {
  id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  username: 'ada',
  bio: null,
  avatar_url: null,
  email: null,
  created_at: '2026-03-01T12:00:00.000Z',
};

const message = (event: string, data = '') => ({ event, data, id: '1' });

describe('what the profile stream says', () => {
  it('INSERT and UPDATE carry the parsed profile; unparsable data is dropped', () => {
    expect(profileStreamEvent(message('INSERT', JSON.stringify(ADA)))).toEqual({
      type: 'change',
      kind: 'INSERT',
      profile: ADA,
    });
    expect(profileStreamEvent(message('UPDATE', JSON.stringify(ADA)))).toMatchObject({ kind: 'UPDATE' });
    expect(profileStreamEvent(message('UPDATE', '{not json'))).toBeNull();
    expect(profileStreamEvent(message('UPDATE', JSON.stringify({ ...ADA, id: 'not-a-uuid' })))).toBeNull();
  });

  it('DELETE carries only the id of a member who left the list; anything else in it is dropped', () => {
    expect(profileStreamEvent(message('DELETE', JSON.stringify({ id: ADA.id })))).toEqual({
      type: 'removal',
      id: ADA.id,
    });
    expect(profileStreamEvent(message('DELETE', JSON.stringify(ADA)))).toBeNull();
    expect(profileStreamEvent(message('DELETE', JSON.stringify({ id: 'not-a-uuid' })))).toBeNull();
    expect(profileStreamEvent(message('DELETE', 'not json'))).toBeNull();
  });

  it('READY and RESYNC say the list may be stale; other events are ignored', () => {
    expect(profileStreamEvent(message('READY', '{}'))).toEqual({ type: 'stale' });
    expect(profileStreamEvent(message('RESYNC', '{}'))).toEqual({ type: 'stale' });
    expect(profileStreamEvent(message('message', '{}'))).toBeNull();
  });
});

describe('the profile stream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the public stream without a token and resumes it with Last-Event-ID', async () => {
    const requests: Headers[] = [];
    const bodies: ReadableStreamDefaultController<Uint8Array>[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      expect(String(input)).toBe(PROFILE_STREAM_URL);
      requests.push(new Headers(init?.headers));
      const body = new ReadableStream<Uint8Array>({ start: (controller) => void bodies.push(controller) });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    };
    const events: ProfileStreamEvent[] = [];
    createProfileStream({ fetch, random: () => 0.5, onEvent: (event) => events.push(event) }).subscribe();
    await vi.advanceTimersByTimeAsync(0);
    bodies[0]?.enqueue(
      new TextEncoder().encode(
        `id: 3\nevent: READY\ndata: {}\n\nid: 4\nevent: INSERT\ndata: ${JSON.stringify(ADA)}\n\n`,
      ),
    );
    bodies[0]?.close();
    await vi.advanceTimersByTimeAsync(2000);
    expect(events).toEqual([{ type: 'stale' }, { type: 'change', kind: 'INSERT', profile: ADA }]);
    expect(requests.map((headers) => [headers.get('authorization'), headers.get('last-event-id')])).toEqual([
      [null, null],
      [null, '4'],
    ]);
  });
});
