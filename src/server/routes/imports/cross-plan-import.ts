import { SINGLE_PARENT_CROSS_TYPES } from '../../../contract/breeding';
import { crossPlanImportSchema, IMPORT_TEMPLATES } from '../../../contract/imports';
import type { Database } from '../../db/client';
import { accessions, crossPlans, plannedCrosses, projects } from '../../db/schema';
import { parseCsv, type ImportReport } from './csv-import';
import { existingByLowerName } from './lookups';

type Row = ReturnType<typeof crossPlanImportSchema.parse>;

/**
 * Cross plans with their crosses, one CSV row per planned cross; rows sharing a cross plan name
 * form one plan. Checks everything, and with `commit` writes the plans and crosses together.
 */
export async function importCrossPlans(db: Database, text: string, commit: boolean): Promise<{ report: ImportReport; write?: () => Promise<number> }> {
  const template = IMPORT_TEMPLATES.find((entry) => entry.key === 'cross-plans')!;
  const { rows, report } = parseCsv<Row>(text, template, crossPlanImportSchema);
  if (report.rows === 0 && report.errors.length === 0) report.errors.push({ row: 1, column: '', message: 'The file has a header but no rows.' });

  const plans = new Map<string, { name: string; project: string; status: string; firstRow: number }>();
  for (const { row, values } of rows) {
    const key = values.crossPlan.toLowerCase();
    const plan = plans.get(key);
    if (!plan) plans.set(key, { name: values.crossPlan, project: values.project, status: values.planStatus, firstRow: row });
    else if (plan.project.toLowerCase() !== values.project.toLowerCase()) {
      report.errors.push({ row, column: 'project', message: `Cross plan '${plan.name}' is in project '${plan.project}' on row ${plan.firstRow}; one plan belongs to one project.` });
    }
    if (!SINGLE_PARENT_CROSS_TYPES.has(values.crossType) && !values.maleParent) {
      report.errors.push({ row, column: 'maleParent', message: `A ${values.crossType} cross needs a male parent.` });
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
    if (existingPlans.has(plan.name.toLowerCase())) report.errors.push({ row: plan.firstRow, column: 'crossPlan', message: `Cross plan '${plan.name}' already exists; import new plans only.` });
  }
  const projectIds = await existingByLowerName(
    db,
    projects,
    projects.name,
    projects.id,
    rows.map((row) => row.values.project),
  );
  const parentIds = await existingByLowerName(
    db,
    accessions,
    accessions.germplasmName,
    accessions.id,
    rows.flatMap((row) => [row.values.femaleParent, ...(row.values.maleParent ? [row.values.maleParent] : [])]),
  );
  for (const { row, values } of rows) {
    if (!projectIds.has(values.project.toLowerCase())) report.errors.push({ row, column: 'project', message: `No project is named '${values.project}'.` });
    if (!parentIds.has(values.femaleParent.toLowerCase())) report.errors.push({ row, column: 'femaleParent', message: `No accession is named '${values.femaleParent}'.` });
    if (values.maleParent && !parentIds.has(values.maleParent.toLowerCase())) report.errors.push({ row, column: 'maleParent', message: `No accession is named '${values.maleParent}'.` });
  }
  report.errors.sort((a, b) => a.row - b.row);
  if (!commit || report.errors.length > 0) return { report };

  return {
    report,
    write: () =>
      db.transaction(async (tx) => {
        const created = await tx
          .insert(crossPlans)
          .values([...plans.values()].map((plan) => ({ name: plan.name, projectId: projectIds.get(plan.project.toLowerCase())!, status: plan.status })))
          .returning({ id: crossPlans.id, name: crossPlans.name });
        const planIds = new Map(created.map((plan) => [plan.name.toLowerCase(), plan.id]));
        for (let index = 0; index < rows.length; index += 1000) {
          await tx.insert(plannedCrosses).values(
            rows.slice(index, index + 1000).map(({ values }) => ({
              crossPlanId: planIds.get(values.crossPlan.toLowerCase())!,
              femaleParentId: parentIds.get(values.femaleParent.toLowerCase())!,
              maleParentId: values.maleParent ? parentIds.get(values.maleParent.toLowerCase())! : null,
              crossType: values.crossType,
              numberOfCrosses: values.numberOfCrosses,
              status: values.status,
              notes: values.notes ?? null,
            })),
          );
        }
        return rows.length;
      }),
  };
}
