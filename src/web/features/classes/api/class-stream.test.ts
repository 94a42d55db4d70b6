import { describe, expect, it } from 'vitest';
import { eventNames, staleParts } from './class-stream.ts';

describe('the class stream', () => {
  it('reads event names from whole events and keeps a partial one for later', () => {
    expect(
      eventNames('retry: 2000\n\nevent: READY\ndata: {}\n\n: ping\n\nid: 7\nevent: progress\ndata: {}\n\nid: 8\nev'),
    ).toEqual({
      names: ['READY', 'progress'],
      rest: 'id: 8\nev',
    });
    expect(eventNames('event: help\r\ndata: {}\r\n\r\n').names).toEqual(['help']);
  });

  it('makes stale only what changed', () => {
    expect(staleParts('help')).toEqual(['help']);
    expect(staleParts('progress')).toEqual(['progress', 'detail']);
    expect(staleParts('roster')).toEqual(['detail', 'progress', 'help']);
    expect(staleParts('unknown')).toEqual([]);
  });
});
