// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SimpleTable } from './SimpleTable';

afterEach(cleanup);

describe('SimpleTable headers', () => {
  it('keep a Greek letter lower-case inside the upper-case heading, so ρ does not read as P', () => {
    render(<SimpleTable label="Scores" rows={[{ rho: 0.5 }]} rowKey={() => 'one'} columns={[{ header: 'Spearman ρ', cell: (row) => row.rho }]} />);
    const header = screen.getByRole('columnheader', { name: 'Spearman ρ' });
    expect(header.querySelector('.normal-case')?.textContent).toBe('ρ');
  });
});
