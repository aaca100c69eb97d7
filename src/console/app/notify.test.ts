import { beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => {
  let next = 0;
  const make = () => {
    next += 1;
    return `toast-${next}`;
  };
  return Object.assign(vi.fn(make), { error: vi.fn(make), success: vi.fn(make), loading: vi.fn(make), dismiss: vi.fn() });
});
vi.mock('react-hot-toast', () => ({ default: toast }));

const { notify } = await import('./notify');

beforeEach(() => vi.clearAllMocks());

describe('notify', () => {
  it('takes error toasts away when a success follows, so "already exists" does not linger beside "Created project"', () => {
    const first = notify.error('A project named X already exists');
    const second = notify.error('Something else failed');
    notify.success('Created project');
    expect(toast.dismiss).toHaveBeenCalledWith(first);
    expect(toast.dismiss).toHaveBeenCalledWith(second);
    expect(toast.success).toHaveBeenCalledWith('Created project');
  });

  it('leaves earlier successes alone', () => {
    notify.success('One');
    notify.success('Two');
    expect(toast.dismiss).not.toHaveBeenCalled();
  });
});
