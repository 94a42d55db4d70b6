import { describe, expect, it } from 'vitest';
import { staleQueries } from './class-stream.ts';
import { classProgressQueryOptions, classQueryOptions, helpQueueQueryOptions } from './classes.ts';

describe('the class stream', () => {
  const detail = classQueryOptions('c1').queryKey;
  const progress = classProgressQueryOptions('c1').queryKey;
  const help = helpQueueQueryOptions('c1').queryKey;

  it('makes stale only the queries of what changed, by the keys of their queryOptions', () => {
    expect(staleQueries('c1', 'help')).toEqual([help]);
    expect(staleQueries('c1', 'progress')).toEqual([progress, detail]);
    expect(staleQueries('c1', 'roster')).toEqual([detail, progress, help]);
    expect(staleQueries('c1', 'READY')).toEqual([detail, progress, help]);
  });
});
