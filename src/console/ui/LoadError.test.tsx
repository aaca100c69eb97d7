// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../lib/api';
import { LoadError } from './LoadError';

afterEach(cleanup);

describe('LoadError', () => {
  it('offers to try again when a load failed', () => {
    const retry = vi.fn();
    render(<LoadError what="accession" error={new RequestError('The database is away.', 503, {})} onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toContain('Could not load accession: The database is away.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('says plainly that a record does not exist, with the way back and no retry that could not help', () => {
    render(<LoadError what="accession" error={new RequestError('No accession has id 999999.', 404, {})} onRetry={() => {}} back={{ href: '/accessions', label: 'See all accessions' }} />);
    expect(screen.getByTestId('not-found').textContent).toBe('No accession has id 999999. It may have been deleted, or the link is wrong. See all accessions.');
    expect(screen.getByRole('link', { name: 'See all accessions' }).getAttribute('href')).toBe('/accessions');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not say twice how a record went missing when the API said it', () => {
    render(<LoadError what="lineage" error={new RequestError('No file has id 9999: it was deleted, or never existed.', 404, {})} onRetry={() => {}} />);
    expect(screen.getByTestId('not-found').textContent).toBe('No file has id 9999: it was deleted, or never existed.');
  });
});
