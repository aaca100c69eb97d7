import { describe, expect, it } from 'vitest';
import { parseRunSearch } from './run-search';

describe('the runs search box', () => {
  it('reads filters written out and keeps the rest as text', () => {
    expect(parseRunSearch('status:running pipeline:nf-GDIP label:durum after:2026-01-01 wheat trial')).toEqual({
      search: { text: 'wheat trial', status: 'RUNNING', pipelineId: 'nf-gdip', label: 'durum', after: '2026-01-01' },
      problem: null,
    });
    expect(parseRunSearch('mine:yes before:2026-02-01').search).toEqual({ text: '', mine: true, before: '2026-02-01' });
    expect(parseRunSearch('note:thing').search.text).toBe('note:thing');
  });

  it('says what is wrong with a bad status or date', () => {
    expect(parseRunSearch('status:finished').problem).toMatch(/status:finished is not a status; use one of submitted, running/);
    expect(parseRunSearch('after:yesterday').problem).toMatch(/after:yesterday is not a date/);
  });
});
