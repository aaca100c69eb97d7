import { DataTable } from '../../ui/data-table/DataTable';
import { ENTITIES, type EntityKey, type Row } from './entities';

export interface RelatedList {
  entity: EntityKey;
  /** The filter of the related list that names this record. */
  filter: string;
  title: string;
}

/** A record's related lists (a project's experiments and cross plans, a site's experiments), each a table of its own. */
export function RelatedRecords({ lists, recordId }: { lists: RelatedList[]; recordId: number }) {
  return lists.map((related) => {
    const relatedSpec = ENTITIES[related.entity];
    return (
      <section key={related.entity} aria-label={related.title}>
        <h2 className="mb-2 text-lg font-semibold text-stone-900">{related.title}</h2>
        <DataTable<Row>
          list={relatedSpec.list}
          withFilters={false}
          what={relatedSpec.what}
          columns={relatedSpec.columns}
          searchPlaceholder={relatedSpec.searchPlaceholder}
          emptyHint={`No ${relatedSpec.what} yet.`}
          fixedFilters={{ [related.filter]: String(recordId) }}
          urlState={false}
        />
      </section>
    );
  });
}
