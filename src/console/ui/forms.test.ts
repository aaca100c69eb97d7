import type { UseFormReturn } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';

const notify = vi.hoisted(() => ({ error: vi.fn() }));
vi.mock('../app/notify', () => ({ notify }));

const { reportSubmitError, visibleError } = await import('./forms');
const { RequestError } = await import('../lib/api');

function fakeForm(values: Record<string, unknown>) {
  const setError = vi.fn();
  return { form: { getValues: () => values, setError } as unknown as UseFormReturn<Record<string, unknown>>, setError };
}

describe('reportSubmitError', () => {
  it('puts a field error under its field and does not repeat it in a toast', () => {
    const { form, setError } = fakeForm({ name: 'X', description: '' });
    reportSubmitError(form, new RequestError('A project named X already exists; names must be unique.', 409, {}, { name: 'Another project is named X' }));
    expect(setError).toHaveBeenCalledWith('name', { type: 'server', message: 'Another project is named X' }, { shouldFocus: true });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('toasts what no field can show', () => {
    const { form } = fakeForm({ name: 'X' });
    reportSubmitError(form, new RequestError('Something went wrong', 500, {}, {}));
    expect(notify.error).toHaveBeenCalledWith('Something went wrong');
  });
});

describe('visibleError', () => {
  const formWith = (formState: Record<string, unknown>) => ({ formState }) as unknown as UseFormReturn<Record<string, unknown>>;

  it('finds the message of a field in a list, which react-hook-form keeps nested', () => {
    const errors = { methods: [undefined, { label: { type: 'server', message: 'Give each method its own label' } }] };
    expect(visibleError(formWith({ errors, touchedFields: {}, submitCount: 1 }), 'methods.1.label')).toBe('Give each method its own label');
    expect(visibleError(formWith({ errors, touchedFields: { methods: [undefined, { label: true }] }, submitCount: 0 }), 'methods.1.label')).toBe('Give each method its own label');
  });

  it('waits until the field was touched or the form submitted', () => {
    const errors = { name: { type: 'too_small', message: 'Required' } };
    expect(visibleError(formWith({ errors, touchedFields: {}, submitCount: 0 }), 'name')).toBeUndefined();
    expect(visibleError(formWith({ errors, touchedFields: { name: true }, submitCount: 0 }), 'name')).toBe('Required');
  });
});
