// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests, setSessionUser } from '../session/session';
import { ConsoleShell } from './ConsoleShell';

const user = { id: 1, email: 'ada@example.org', name: 'Ada', createdAt: '2026-01-01T00:00:00Z', lastLoginAt: null };

beforeEach(() => {
  vi.useFakeTimers();
  // The session check never answers in these tests; each one sets the session itself.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
  resetSessionForTests();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const page = (props: { route?: string; isPublic?: boolean } = {}) => (
  <ConsoleShell title="Projects" route={props.route ?? '/project/list'} isPublic={props.isPublic} actions={<button type="button">New project</button>} backHref="/">
    <p>project table</p>
  </ConsoleShell>
);

describe('ConsoleShell', () => {
  it('while the check is pending, shows "Loading..." only after 300 ms', () => {
    render(page());
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByText('Loading...')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByText('project table')).toBeNull();
  });

  it('on the login path shows the form while the check is pending, without the loading indicator', async () => {
    vi.useRealTimers(); // the form's code loads on demand
    render(page({ route: '/auth/login' }));
    // The login form is loaded on demand: a busy machine may take more than the default second.
    expect(await screen.findByRole('button', { name: 'Submit' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('signed out: the login form in place of the page, and only the logo in the top bar', async () => {
    vi.useRealTimers();
    render(page());
    act(() => setSessionUser(null));
    expect(await screen.findByRole('heading', { name: 'Login' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('project table')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.getByRole('link', { name: /Seedbed home/ }).getAttribute('href')).toBe('/');
  });

  it('signed in: the page with its header, back button, right-hand slot, footer and tooltip layer', () => {
    render(page());
    act(() => setSessionUser(user));
    expect(screen.getByText('project table')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Projects' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'New project' })).toBeTruthy();
    expect(screen.getByText('© 2025 Seedbed Genomics. All rights reserved.')).toBeTruthy();
    expect(document.getElementById('app-tooltip')?.style.zIndex).toBe('60');
    expect(screen.getAllByRole('navigation', { name: 'Main' }).length).toBeGreaterThan(0);
  });

  it('a public page shows without anyone signed in', () => {
    render(page({ route: '/demo', isPublic: true }));
    expect(screen.getByText('project table')).toBeTruthy();
  });
});
