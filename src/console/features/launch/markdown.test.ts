import { describe, expect, it } from 'vitest';
import { renderHelp } from './markdown';

describe('help text as Markdown', () => {
  it('renders what nf-core schemas write: links, code, emphasis, lists', () => {
    const html = renderHelp('Use a [samplesheet](https://nf-co.re/rnaseq/usage) with `sample,fastq_1`.\n\n* **Paired** reads\n* single reads');
    expect(html).toContain('<a href="https://nf-co.re/rnaseq/usage" target="_blank" rel="noopener noreferrer">samplesheet</a>');
    expect(html).toContain('<code>sample,fastq_1</code>');
    expect(html).toContain('<li><strong>Paired</strong> reads</li>');
  });

  it('shows raw HTML as text and keeps unsafe links from being links', () => {
    const html = renderHelp('<script>alert(1)</script> <img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
    const inline = renderHelp('Text with <b onclick="x()">bold</b>, a [click](javascript:alert(1)) and ![pic](https://example.org/a.png).');
    expect(inline).not.toContain('<b ');
    expect(inline).not.toContain('href="javascript');
    expect(inline).not.toContain('<img');
    expect(inline).toContain('click');
  });
});
