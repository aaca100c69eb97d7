import { useStore } from '@nanostores/react';
import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES } from '../../app/routes';
import { benchmarkingMenu, breedingMenu, HOME_ROUTE, launchMenu, topLinks, type MenuSection } from '../../app/navigation';
import { $user } from '../../session/session';
import { RunsDashboard } from './RunsDashboard';

function Greeting() {
  const user = useStore($user);
  if (!user) return null;
  const lastSeen = user.lastLoginAt ? new Date(user.lastLoginAt).toLocaleString() : null;
  return (
    <p className="-mt-4 mb-6 text-sm text-stone-600">
      Signed in as <span className="font-medium text-stone-800">{user.name || user.email}</span>
      {lastSeen && <> · last sign-in {lastSeen}</>}
    </p>
  );
}

function LinkList({ section }: { section: MenuSection }) {
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-stone-500">{section.label}</h2>
      <ul className="mt-3 space-y-1">
        {section.entries.map((entry) => (
          <li key={entry.label}>
            <a href={entry.href} className="text-sm text-emerald-800 hover:underline">
              {entry.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function HomePage() {
  return (
    <ConsoleShell
      title="Home"
      route={HOME_ROUTE}
      actions={
        <a href={topLinks.runs.href} className="rounded-md bg-white px-3 py-2 text-sm font-medium text-stone-700 shadow-sm ring-1 ring-stone-300 hover:bg-stone-50">
          View runs
        </a>
      }
    >
      <Greeting />
      <RunsDashboard
        firstRun={
          <section aria-labelledby="welcome-heading" className="rounded-xl bg-emerald-50 p-6 ring-1 ring-emerald-200" data-testid="first-run">
            <h2 id="welcome-heading" className="text-lg font-semibold text-emerald-950">
              Welcome to Seedbed: no run yet
            </h2>
            <p className="mt-2 max-w-3xl text-sm text-emerald-900">
              Launch a pipeline below and follow it here: this page then counts the runs of the last 30 days by status, charts them per day and lists the newest, as they change. Start with{' '}
              <a className="font-medium underline" href={ROUTES.accessions}>
                your accessions
              </a>
              , the{' '}
              <a className="font-medium underline" href={ROUTES.pipelineCatalogue}>
                pipeline catalogue
              </a>{' '}
              or{' '}
              <a className="font-medium underline" href={ROUTES.docs}>
                the guide
              </a>
              .
            </p>
          </section>
        }
      />
      <section aria-labelledby="launch-heading" className="mt-8">
        <h2 id="launch-heading" className="text-lg font-semibold text-stone-900">
          Launch a pipeline
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {launchMenu.entries.map((entry) => (
            <li key={entry.label}>
              <a href={entry.href} className="flex h-full flex-col rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-emerald-300">
                <span className="font-medium text-stone-900">{entry.label}</span>
                <span className="mt-1 text-sm text-stone-500">{entry.tooltip}</span>
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm">
          <a href={ROUTES.pipelineCatalogue} className="font-medium text-emerald-800 hover:underline">
            All pipelines in the catalogue
          </a>
          <span className="text-stone-500"> — including any your administrator added</span>
        </p>
      </section>
      <div className="mt-8 grid gap-4 md:grid-cols-3">
        <LinkList section={breedingMenu} />
        <LinkList section={benchmarkingMenu} />
        <LinkList section={{ label: 'Runs', entries: [topLinks.runs, topLinks.runGroups, topLinks.docs] }} />
      </div>
    </ConsoleShell>
  );
}
