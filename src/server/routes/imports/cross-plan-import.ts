import { SINGLE_PARENT_CROSS_TYPES } from '../../../contract/breeding';
import { crossPlanImportSchema, type ImportTemplate } from '../../../contract/imports';
import type { Database } from '../../db/client';
import { crossPlans, plannedCrosses, projects } from '../../db/schema';
import { accessionIdsByNameOrSynonym } from './experiment-import';
import { existingByLowerName } from './lookups';
import { checkTable, type ImportReport } from './table-import';
import type { Table } from './table-reader';

type Row = ReturnType<typeof crossPlanImportSchema.parse>;

interface Plan {
  name: string;
  project: string;
  status: string;
  description: string | null;
  firstRow: number;
}

/**
 * Cross plans with their crosses, one row per planned cross; rows sharing a cross plan name
 * form one plan, and a row without parents is a plan with no crosses yet. Parents are found by
 * name or synonym. Checks everything, and with `commit` writes the plans and crosses together.
 */
export async function importCrossPlans(
  db: Database,
  table: Table,
  template: ImportTemplate,
  commit: boolean,
  defaults: Record<string, string> = {},
): Promise<{ report: ImportReport; write?: () => Promise<number> }> {
  const { rows, report } = await checkTable<Row>(table, template, crossPlanImportSchema, () => defaults);
  if (report.rows === 0 && report.errors.length === 0) report.errors.push({ row: 1, column: '', message: 'The file has a header but no rows; add one row per planned cross below the header.' });

  const plans = new Map<string, Plan>();
  for (const { row, values } of rows) {
    const key = values.crossPlan.toLowerCase();
    const plan = plans.get(key);
    if (!plan) plans.set(key, { name: values.crossPlan, project: values.project, status: values.planStatus, description: values.planDescription ?? null, firstRow: row });
    else {
      if (plan.project.toLowerCase() !== values.project.toLowerCase())
        report.errors.push({
          row,
          column: 'project',
          message: `Cross plan '${plan.name}' is in project '${plan.project}' on row ${plan.firstRow}; one plan belongs to one project, so write the same project on every row of the plan.`,
        });
      plan.description ??= values.planDescription ?? null;
    }
    if (!values.femaleParent && values.maleParent) {
      report.errors.push({ row, column: 'femaleParent', message: 'femaleParent is empty but maleParent is not; write the female (or only) parent in femaleParent.' });
    } else if (values.femaleParent && !SINGLE_PARENT_CROSS_TYPES.has(values.crossType) && !values.maleParent) {
      report.errors.push({ row, column: 'maleParent', message: `maleParent is empty, but a ${values.crossType} cross needs a male parent; write one, or set crossType to SELF or OPEN_POLLINATED.` });
    }
  }

  const existingPlans = await existingByLowerName(
    db,
    crossPlans,
    crossPlans.name,
    crossPlans.id,
    [...plans.values()].map((plan) => plan.name),
  );
  for (const plan of plans.values()) {
    if (existingPlans.has(plan.name.toLowerCase()))
      report.errors.push({ row: plan.firstRow, column: 'crossPlan', message: `Cross plan '${plan.name}' already exists; import new plans only, or add its crosses in the plan's grid.` });
  }
  const projectIds = await existingByLowerName(
    db,
    projects,
    projects.name,
    projects.id,
    rows.map((row) => row.values.project),
  );
  const parentIds = await accessionIdsByNameOrSynonym(
    db,
    rows.flatMap((row) => [row.values.femaleParent, row.values.maleParent].filter((name): name is string => Boolean(name))),
  );
  for (const { row, values } of rows) {
    if (!projectIds.has(values.project.toLowerCase()))
      report.errors.push({ row, column: 'project', message: `No project is named '${values.project}'; create the project first, or correct the name.` });
    for (const column of ['femaleParent', 'maleParent'] as const) {
      const name = values[column];
      if (name && !parentIds.has(name.toLowerCase())) report.errors.push({ row, column, message: `No accession is named '${name}'; import the accession first, or correct the name.` });
    }
  }
  report.errors.sort((a, b) => a.row - b.row);
  // The file's rows are crosses; what it makes, and what the commit counts, are plans.
  report.records = plans.size;
  if (!commit || report.errors.length > 0) return { report };

  const crosses = rows.filter((row) => row.values.femaleParent);
  return {
    report,
    write: () =>
      db.transaction(async (tx) => {
        const created = await tx
          .insert(crossPlans)
          .values([...plans.values()].map((plan) => ({ name: plan.name, projectId: projectIds.get(plan.project.toLowerCase())!, status: plan.status, description: plan.description })))
          .returning({ id: crossPlans.id, name: crossPlans.name });
        const planIds = new Map(created.map((plan) => [plan.name.toLowerCase(), plan.id]));
        for (let index = 0; index < crosses.length; index += 1000) {
          await tx.insert(plannedCrosses).values(
            crosses.slice(index, index + 1000).map(({ values }) => ({
              crossPlanId: planIds.get(values.crossPlan.toLowerCase())!,
              femaleParentId: parentIds.get(values.femaleParent!.toLowerCase())!,
              maleParentId: values.maleParent ? parentIds.get(values.maleParent.toLowerCase())! : null,
              crossType: values.crossType,
              numberOfCrosses: values.numberOfCrosses,
              status: values.status,
              notes: values.notes ?? null,
            })),
          );
        }
        return created.length;
      }),
  };
}
