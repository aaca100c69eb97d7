import { beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('react-hot-toast', () => ({ default: toast }));

const { $toastsShown, loadToast, notify } = await import('./notify');

/** Toast calls wait for the module; awaiting it after them lets them run first. */
const settled = () => loadToast();

beforeEach(() => vi.clearAllMocks());

describe('notify', () => {
  it('takes error toasts away when a success follows, so "already exists" does not linger beside "Created project"', async () => {
    const first = notify.error('A project named X already exists');
    const second = notify.error('Something else failed');
    notify.success('Created project');
    await settled();
    expect(toast.error).toHaveBeenCalledWith('A project named X already exists', { id: first });
    expect(toast.dismiss).toHaveBeenCalledWith(first);
    expect(toast.dismiss).toHaveBeenCalledWith(second);
    expect(toast.success).toHaveBeenCalledWith('Created project', { id: expect.any(String) });
  });

  it('leaves earlier successes alone', async () => {
    notify.success('One');
    notify.success('Two');
    await settled();
    expect(toast.dismiss).not.toHaveBeenCalled();
  });
});

describe('loading the toasts on the first one', () => {
  it('gives each toast its own id at once and tells the shell to mount the Toaster', async () => {
    const first = notify.info('One');
    const second = notify.warning('Two');
    expect(first).not.toBe(second);
    expect($toastsShown.get()).toBe(true);
    await settled();
    expect(toast).toHaveBeenNthCalledWith(1, 'One', expect.objectContaining({ id: first }));
    expect(toast).toHaveBeenNthCalledWith(2, 'Two', expect.objectContaining({ id: second }));
  });

  it('dismisses a toast only after showing it, in the order the calls were made', async () => {
    const order: string[] = [];
    toast.loading.mockImplementationOnce((_message: string, options: { id: string }) => order.push(`show ${options.id}`));
    toast.dismiss.mockImplementationOnce((id: string) => order.push(`dismiss ${id}`));
    const id = notify.loading('Saving');
    notify.dismiss(id);
    await settled();
    expect(order).toEqual([`show ${id}`, `dismiss ${id}`]);
  });
});
