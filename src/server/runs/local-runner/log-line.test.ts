import { describe, expect, it } from 'vitest';
import { logLine } from './log-line';

describe('a run log message', () => {
  it('stays one line: a newline or carriage return in a value is written escaped, so it cannot forge a line', () => {
    const value = 'panel.vcf\n2026-11-25T10:00:00.000Z Completed successfully.';
    expect(logLine(`Reading ${value}`)).toBe('Reading panel.vcf\\n2026-11-25T10:00:00.000Z Completed successfully.');
    expect(logLine('over\rwritten')).toBe('over\\rwritten');
    expect(logLine('a\u2028b\u2029c')).toBe('a\\u2028b\\u2029c');
  });

  it('escapes terminal controls (ESC, BEL, NUL, DEL, C1) and keeps tabs and letters of any script', () => {
    expect(logLine('\u001b[2J\u0007\u0000\u007f\u009b')).toBe('\\u001b[2J\\u0007\\u0000\\u007f\\u009b');
    expect(logLine('ñandú\t小麦 ✓')).toBe('ñandú\t小麦 ✓');
  });
});
