import { ConsoleShell } from '../../app/ConsoleShell';
import { upcomingPage } from './upcoming';

/** The frame for an area whose screen has not landed yet: says so plainly, and what it will hold. */
export default function UpcomingPage({ route }: { route: string }) {
  const { title, plan } = upcomingPage(route);
  return (
    <ConsoleShell title={title} route={route}>
      <section className="rounded-xl border border-dashed border-stone-300 bg-white p-8">
        <p className="text-sm font-medium uppercase tracking-wide text-amber-700">Not available yet</p>
        <p className="mt-2 max-w-2xl text-stone-700">{plan}</p>
        <p className="mt-4 text-sm text-stone-500">
          This screen is part of an upcoming release. The{' '}
          <a className="text-emerald-700 underline" href="/docs">
            documentation
          </a>{' '}
          describes what is available today.
        </p>
      </section>
    </ConsoleShell>
  );
}
