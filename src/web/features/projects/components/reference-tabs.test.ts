import { describe, expect, it } from 'vitest';
import { TAB_CLASS, TAB_LIST_CLASS } from '#web/components/ui/tab-styles.ts';
import { REFERENCE_TAB_CLASS, REFERENCE_TAB_LIST_CLASS } from './tutorial-steps.tsx';

describe('one tab look', () => {
  it("is the tutorial page's hand-written tab list's too (written out there to keep that page's budget)", () => {
    expect(REFERENCE_TAB_CLASS).toBe(TAB_CLASS);
    expect(REFERENCE_TAB_LIST_CLASS).toBe(TAB_LIST_CLASS);
  });
});
