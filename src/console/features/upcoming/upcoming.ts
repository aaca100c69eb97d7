import { ROUTES } from '../../app/routes';
import { benchmarkingMenu, breedingMenu, configMenu, launchMenu, topLinks } from '../../app/navigation';

/**
 * Console areas whose screens are still being built, with what each will do. A route leaves
 * this list when its real page lands.
 */
const plans: Record<string, string> = {
  [ROUTES.predictionLaunch]: 'Run trained models against a registered validation set.',
};

const titles = new Map<string, string>([
  ...[topLinks.runs, topLinks.runGroups].map((entry) => [entry.href, entry.label] as [string, string]),
  ...[breedingMenu, launchMenu, benchmarkingMenu, configMenu].flatMap((section) => section.entries).map((entry) => [entry.href ?? '', entry.label] as [string, string]),
]);

export function upcomingPage(route: string): { title: string; plan: string } {
  return { title: titles.get(route) ?? route, plan: plans[route] ?? '' };
}
