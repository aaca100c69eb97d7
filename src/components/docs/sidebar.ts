import fs from 'node:fs';
import path from 'node:path';

/** A docs page as the sidebar needs it: where it sits, and how it sorts among its siblings. */
export interface SidebarPage {
  /** Collection id, e.g. docs/admin/nextflow/engine. */
  id: string;
  title: string;
  order?: number | undefined;
}

type SidebarItem = { slug: string } | { label: string; translations?: Record<string, string>; collapsed?: boolean; items: SidebarItem[] };

interface FolderLabel {
  label: string;
  es?: string;
  order: number;
}

/** Deeper than this many levels, groups start collapsed (the group holding the current page opens). */
export const OPEN_LEVELS = 2;

/** The Markdown pages writers keep under `root` (English; other locales mirror them). */
export function markdownPages(root: string): SidebarPage[] {
  const pages: SidebarPage[] = [];
  const walk = (directory: string) => {
    for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
      const file = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.mdx?$/.test(entry.name)) {
        const source = fs.readFileSync(file, 'utf8');
        const frontmatter = /^---\n([\s\S]*?)\n---/.exec(source)?.[1] ?? '';
        const order = /^\s+order:\s*(-?\d+)/m.exec(frontmatter)?.[1];
        pages.push({
          id: path
            .relative(path.dirname(root), file)
            .replace(/\\/g, '/')
            .replace(/\.mdx?$/, ''),
          title: /^title:\s*(.+)$/m.exec(frontmatter)?.[1]?.replace(/^['"]|['"]$/g, '') ?? entry.name,
          order: order === undefined ? undefined : Number(order),
        });
      }
    }
  };
  walk(root);
  return pages;
}

/**
 * The sidebar, from the folders the pages sit in: one group per folder, its pages sorted by
 * `sidebar.order` then title, sub-folders after the pages. Levels beyond OPEN_LEVELS start collapsed.
 */
export function sidebarFromFolders(pages: SidebarPage[], labels: Record<string, FolderLabel>): SidebarItem[] {
  interface Folder {
    pages: SidebarPage[];
    folders: Map<string, Folder>;
  }
  const root: Folder = { pages: [], folders: new Map() };
  for (const page of pages) {
    const segments = page.id.split('/').slice(1, -1); // drop the leading "docs" and the file name
    let folder = root;
    for (const segment of segments) {
      if (!folder.folders.has(segment)) folder.folders.set(segment, { pages: [], folders: new Map() });
      folder = folder.folders.get(segment)!;
    }
    folder.pages.push(page);
  }

  const byOrder = (a: SidebarPage, b: SidebarPage) => (a.order ?? 1000) - (b.order ?? 1000) || a.title.localeCompare(b.title);
  const labelOf = (key: string, name: string): FolderLabel => labels[key] ?? { label: name.replace(/-/g, ' ').replace(/^./, (first) => first.toUpperCase()), order: 1000 };

  const build = (folder: Folder, prefix: string, level: number): SidebarItem[] => [
    ...folder.pages.sort(byOrder).map((page) => ({ slug: page.id })),
    ...[...folder.folders.entries()]
      .map(([name, child]) => ({ key: `${prefix}${name}`, name, child }))
      .sort((a, b) => labelOf(a.key, a.name).order - labelOf(b.key, b.name).order || a.name.localeCompare(b.name))
      .map(({ key, name, child }) => {
        const label = labelOf(key, name);
        return {
          label: label.label,
          ...(label.es ? { translations: { es: label.es } } : {}),
          collapsed: level > OPEN_LEVELS,
          items: build(child, `${key}/`, level + 1),
        };
      }),
  ];

  // The docs home is the root page, reached from the breadcrumbs and the title; groups start at level 1.
  return build({ ...root, pages: [] }, '', 1);
}
