/**
 * The search panel, loaded when search first opens. It uses Pagefind's JS API on the index of the
 * page's language: up to 5 pages, each with up to 5 matching sections, with highlighted excerpts.
 */
export const MAX_PAGES = 5;
export const MAX_SECTIONS_PER_PAGE = 5;
export const NO_RESULTS = 'No results found.';
export const INDEX_FAILED = 'Failed to load search index.';

interface PagefindHit {
  url: string;
  excerpt: string;
  meta: { title?: string };
  sub_results?: Array<{ url: string; title: string; excerpt: string }>;
}

interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  debouncedSearch(term: string, options?: object, debounceMs?: number): Promise<{ results: Array<{ data(): Promise<PagefindHit> }> } | null>;
}

let pagefind: Promise<Pagefind | null> | undefined;

function loadPagefind(): Promise<Pagefind | null> {
  const url = `${import.meta.env.BASE_URL.replace(/\/?$/, '/')}pagefind/pagefind.js`;
  pagefind ??= import(/* @vite-ignore */ url)
    .then(async (module: Pagefind) => {
      await module.options({ excerptLength: 18 });
      await module.init();
      return module;
    })
    .catch(() => {
      pagefind = undefined; // let a later opening try again
      return null;
    });
  return pagefind;
}

function message(text: string): HTMLElement {
  const element = document.createElement('p');
  element.className = 'search-message';
  element.setAttribute('role', 'status');
  element.textContent = text;
  return element;
}

/** A result link; the excerpt is Pagefind's HTML (escaped text with <mark> around the matches). */
function resultLink(url: string, title: string, excerpt: string, kind: 'page' | 'section'): HTMLAnchorElement {
  const link = document.createElement('a');
  link.href = url;
  link.className = kind;
  link.setAttribute('role', 'option');
  link.tabIndex = -1;
  const heading = document.createElement('span');
  heading.className = 'title';
  heading.textContent = title;
  const snippet = document.createElement('span');
  snippet.className = 'excerpt';
  snippet.innerHTML = excerpt;
  link.append(heading, snippet);
  return link;
}

async function render(results: HTMLElement, term: string): Promise<void> {
  if (!term.trim()) {
    results.replaceChildren();
    return;
  }
  const api = await loadPagefind();
  if (!api) {
    results.replaceChildren(message(INDEX_FAILED));
    return;
  }
  const search = await api.debouncedSearch(term, {}, 150);
  if (search === null) return; // a newer keystroke superseded this search
  const hits = await Promise.all(search.results.slice(0, MAX_PAGES).map((result) => result.data()));
  if (hits.length === 0) {
    results.replaceChildren(message(NO_RESULTS));
    return;
  }
  const links = hits.flatMap((hit) => {
    const sections = (hit.sub_results ?? []).filter((section) => section.url !== hit.url).slice(0, MAX_SECTIONS_PER_PAGE);
    return [resultLink(hit.url, hit.meta.title ?? hit.url, hit.excerpt, 'page'), ...sections.map((section) => resultLink(section.url, section.title, section.excerpt, 'section'))];
  });
  results.replaceChildren(...links);
}

function moveSelection(results: HTMLElement, step: number): void {
  const options = Array.from(results.querySelectorAll<HTMLAnchorElement>('[role="option"]'));
  if (options.length === 0) return;
  const current = options.findIndex((option) => option.getAttribute('aria-selected') === 'true');
  const next = (current + step + options.length) % options.length;
  options.forEach((option, index) => {
    option.setAttribute('aria-selected', String(index === next));
  });
  options[next]?.scrollIntoView({ block: 'nearest' });
}

const wired = new WeakSet<HTMLElement>();

/** Makes the opened panel search (once per panel), and shows results for what was typed already. */
export function wireSearchPanel(root: HTMLElement): void {
  const panel = root.querySelector<HTMLElement>('[data-search-panel]')!;
  const input = root.querySelector<HTMLInputElement>('[data-search-input]')!;
  const results = root.querySelector<HTMLElement>('[data-search-results]')!;
  const button = root.querySelector<HTMLElement>('[data-open-search]');

  if (!wired.has(root)) {
    wired.add(root);
    const close = () => {
      panel.hidden = true;
      button?.focus();
    };
    input.addEventListener('input', () => void render(results, input.value));
    input.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        moveSelection(results, event.key === 'ArrowDown' ? 1 : -1);
      } else if (event.key === 'Enter') {
        const selected = results.querySelector<HTMLAnchorElement>('[aria-selected="true"]') ?? results.querySelector<HTMLAnchorElement>('[role="option"]');
        if (selected) window.location.href = selected.href;
      } else if (event.key === 'Escape') {
        event.preventDefault();
        close();
      }
    });
    document.addEventListener('pointerdown', (event) => {
      if (!panel.hidden && !root.contains(event.target as Node)) close();
    });
  }
  // Fetch the index while the reader types; say so at once if it cannot be had.
  void loadPagefind().then((api) => {
    if (!api) results.replaceChildren(message(INDEX_FAILED));
  });
  void render(results, input.value);
}
