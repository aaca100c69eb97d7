// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';

afterEach(cleanup);

let broken = true;
function Report({ datasets }: { datasets?: string[] }) {
  if (broken) return <p>{(datasets as string[]).length} datasets</p>;
  return <p>drawn</p>;
}

describe('a part of the page that throws while drawing', () => {
  it('says what failed and why instead of blanking the page, and draws again when asked', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <div>
        <h1>Run 4</h1>
        <ErrorBoundary what="the results">
          <Report />
        </ErrorBoundary>
      </div>,
    );
    // The heading outside the boundary stays.
    expect(screen.getByRole('heading', { name: 'Run 4' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/^The results could not be drawn: Cannot read properties of undefined \(reading 'length'\)\. Reload the page/);
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('drawn')).toBeTruthy();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
