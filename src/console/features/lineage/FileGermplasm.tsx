import type { FileGermplasm as Germplasm } from '../../../contract/lineage';
import { counted } from '../../../contract/wording';
import { ROUTES, viewRoute } from '../../app/routes';
import { useRequest } from '../../lib/use-request';
import { LoadError } from '../../ui/LoadError';

/**
 * The germplasm a file is about: the individuals it names and the accessions in Breeding among
 * them, each linked, so that a result leads back to the lines it scored.
 */
/** “none is an accession in Breeding”, “1 is an accession…”, “96 are accessions…”. */
const accessionsText = (count: number) =>
  count === 0 ? 'none is an accession in Breeding' : count === 1 ? '1 is an accession in Breeding' : `${count.toLocaleString('en-US')} are accessions in Breeding`;

export function FileGermplasm({ fileId }: { fileId: number }) {
  const germplasm = useRequest<Germplasm>(`files/${fileId}/germplasm`);
  if (germplasm.error) return <LoadError what="the file’s germplasm" error={germplasm.error} onRetry={germplasm.reload} />;
  const data = germplasm.data;
  if (!data) return <p className="text-sm text-stone-500">Reading the individuals the file names…</p>;
  if (data.column === null) return null;
  const where =
    data.column === 'the VCF’s samples' ? (
      'as samples'
    ) : (
      <>
        in its <code className="font-mono text-xs">{data.column}</code> column
      </>
    );
  return (
    <div className="grid gap-1 text-sm text-stone-700" data-testid="file-germplasm">
      <p>
        <span className="font-medium text-stone-900">Germplasm:</span> {counted(data.individuals, 'individual')}
        {data.complete ? '' : ' (the first ones read)'} {where}; {accessionsText(data.accessions)}
        {data.accessions > 0 && data.accessions < data.individuals ? `, ${(data.individuals - data.accessions).toLocaleString('en-US')} not` : ''}.
      </p>
      {data.matched.length > 0 && (
        <p>
          {data.matched.map((entry, index) => (
            <span key={entry.name}>
              {index > 0 && ', '}
              <a
                className="text-emerald-800 hover:underline"
                href={viewRoute(ROUTES.accessionView, entry.accession.id)}
                title={entry.name === entry.accession.germplasmName ? undefined : `${entry.name} in the file`}
              >
                {entry.accession.germplasmName}
              </a>
            </span>
          ))}
          {data.accessions > data.matched.length ? ` and ${(data.accessions - data.matched.length).toLocaleString('en-US')} more` : ''}
        </p>
      )}
      {data.unmatched.length > 0 && data.accessions > 0 && (
        <p className="text-xs text-stone-500">
          Not in Breeding: {data.unmatched.join(', ')}
          {data.individuals - data.accessions > data.unmatched.length ? '…' : ''}
        </p>
      )}
    </div>
  );
}
