import type { StarlightRouteData } from '@astrojs/starlight/route-data';

type SidebarEntry = StarlightRouteData['sidebar'][number];

export interface Crumb {
  label: string;
  href?: string;
}

/** The labels of the sidebar groups that lead to the current page, outermost first. */
export function sidebarPath(entries: SidebarEntry[]): string[] | null {
  for (const entry of entries) {
    if (entry.type === 'link') {
      if (entry.isCurrent) return [];
      continue;
    }
    const inner = sidebarPath(entry.entries);
    if (inner) return [entry.label, ...inner];
  }
  return null;
}
