// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, resetSessionForTests } from '../../session/session';
import { LoginForm } from './LoginForm';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  resetSessionForTests();
});
afterEach(() => {
  toast.remove();
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('LoginForm', () => {
  it('shows "Required" in red under each empty field on submit and calls no API', async () => {
    render(<LoginForm />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));
    const messages = await screen.findAllByText('Required');
    expect(messages).toHaveLength(2);
    for (const message of messages) expect(message.className).toContain('text-red-600');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('validates a field on blur, before any submit', async () => {
    render(<LoginForm />);
    await act(async () => {
      fireEvent.focus(field(/Email/));
      fireEvent.blur(field(/Email/));
    });
    expect(await screen.findAllByText('Required')).toHaveLength(1);
  });

  it('validates on change: the message goes once the field is filled', async () => {
    render(<LoginForm />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));
    await act(async () => fireEvent.input(field(/Email/), { target: { value: 'ada@example.org' } }));
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(1));
  });

  it('signs in with valid values', async () => {
    const user = { id: 3, email: 'ada@example.org', name: 'Ada', createdAt: '2026-01-01T00:00:00Z', lastLoginAt: null };
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ token: 't0k', user }), { headers: { 'Content-Type': 'application/json' } }));
    render(<LoginForm />);
    await act(async () => {
      fireEvent.input(field(/Email/), { target: { value: 'ada@example.org' } });
      fireEvent.input(field(/Password/), { target: { value: 'secret' } });
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));
    await waitFor(() => expect($session.get().status).toBe('signed-in'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('takes the wrong-password toast away once a second try signs in, so it does not stay over the menu', async () => {
    const user = { id: 3, email: 'ada@example.org', name: 'Ada', createdAt: '2026-01-01T00:00:00Z', lastLoginAt: null };
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ message: 'Invalid email or password.' }), { status: 401, headers: { 'Content-Type': 'application/json' } }));
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ token: 't0k', user }), { headers: { 'Content-Type': 'application/json' } }));
    render(
      <>
        <LoginForm />
        {/* Toasts that never time out: only the dismissal can take this one away. */}
        <Toaster toastOptions={{ duration: Number.POSITIVE_INFINITY }} />
      </>,
    );
    await act(async () => {
      fireEvent.input(field(/Email/), { target: { value: 'ada@example.org' } });
      fireEvent.input(field(/Password/), { target: { value: 'wrong' } });
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));
    const wrong = await screen.findByText('Invalid email or password.');
    await act(async () => fireEvent.input(field(/Password/), { target: { value: 'secret' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));
    await waitFor(() => expect($session.get().status).toBe('signed-in'));
    // react-hot-toast fades a dismissed toast out, then removes it.
    await waitFor(() => expect(wrong.isConnected).toBe(false), { timeout: 5000 });
  });
});
