import { Marked, type Tokens } from 'marked';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/** Links a reader may follow from help text: web, mail and relative addresses; anything else (javascript:) stays text. */
const SAFE_HREF = /^(https?:|mailto:|\/|#|\.{0,2}\/)/i;

/**
 * nf-core help text (Markdown) as HTML for the launch form: raw HTML in the text is shown as text,
 * links open in a new tab, and only web, mail and relative links are links.
 */
const markdown = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(token.text);
    },
    link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link) {
      const label = this.parser.parseInline(token.tokens);
      if (!SAFE_HREF.test(token.href)) return label;
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
      return `<a href="${escapeHtml(token.href)}"${title} target="_blank" rel="noopener noreferrer">${label}</a>`;
    },
    image(token: Tokens.Image) {
      return escapeHtml(token.text || token.href);
    },
  },
});

export function renderHelp(text: string): string {
  return markdown.parse(text, { async: false }) as string;
}
