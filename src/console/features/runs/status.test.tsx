// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProgressBar } from './status';

afterEach(cleanup);

describe('ProgressBar', () => {
  it('draws the tasks done green while a run goes or once it succeeded, grey once it failed, was cancelled or went silent', () => {
    const tone = (status: Parameters<typeof ProgressBar>[0]['status']) => {
      render(<ProgressBar done={3} total={3} label="Tasks done" status={status} />);
      const tone = screen.getByTestId('tasks-done-bar').className;
      cleanup();
      return tone;
    };
    expect([tone('RUNNING'), tone('SUCCEEDED'), tone(undefined)]).toEqual(['bg-emerald-600', 'bg-emerald-600', 'bg-emerald-600']);
    expect([tone('FAILED'), tone('CANCELLED'), tone('UNKNOWN')]).toEqual(['bg-stone-400', 'bg-stone-400', 'bg-stone-400']);
  });
});
