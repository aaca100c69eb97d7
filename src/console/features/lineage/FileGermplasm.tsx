import { type FileGermplasm as Germplasm, VCF_SAMPLES } from '../../../contract/lineage';
import { counted } from '../../../contract/wording';
import { ROUTES, viewRoute } from '../../app/routes';
import { useRequest } from '../../lib/use-request';
import { LoadError } from '../../ui/LoadError';

/** “none names an accession in Breeding”, “1 names an accession…”, “5 name 4 accessions…”, and how many name none. */
function accessionsText({ individuals, named, accessions }: Germplasm): string {
  if (named === 0) return 'none names an accession in Breeding';
  const which = named === accessions ? (named === 1 ? 'an accession' : 'accessions') : counted(accessions, 'accession');
  const rest = individuals - named;
  return `${named.toLocaleString('en-US')} ${named === 1 ? 'names' : 'name'} ${which} in Breeding${rest > 0 ? `, ${rest.toLocaleString('en-US')} ${rest === 1 ? 'does' : 'do'} not` : ''}`;
}

/**
 * The germplasm a file is about: the individuals it names and the accessions in Breeding among
 * them, each linked, so that a result leads back to the lines it scored. The lines break between
 * names, never inside one (SBW18-0030 would otherwise break at its hyphen).
 */
export function FileGermplasm({ fileId }: { fileId: number }) {
  const germplasm = useRequest<Germplasm>(`files/${fileId}/germplasm`);
  if (germplasm.error) return <LoadError what="the file’s germplasm" error={germplasm.error} onRetry={germplasm.reload} />;
  const data = germplasm.data;
  if (!data) return <p className="text-sm text-stone-500">Reading the individuals the file names…</p>;
  if (data.column === null) return null;
  const where =
    data.column === VCF_SAMPLES ? (
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
        {data.complete ? '' : ' (the first ones read)'} {where}; {accessionsText(data)}.
      </p>
      {data.matched.length > 0 && (
        <p>
          {data.matched.map((entry, index) => (
            <span key={entry.name}>
              {index > 0 && ', '}
              <a className="whitespace-nowrap text-emerald-800 hover:underline" href={viewRoute(ROUTES.accessionView, entry.accession.id)}>
                {entry.accession.germplasmName}
              </a>
              {/* The file's own spelling, where it names the accession by a synonym or in another case. */}
              {entry.name !== entry.accession.germplasmName && (
                <>
                  {' '}
                  <span className="whitespace-nowrap text-stone-500">({entry.name})</span>
                </>
              )}
            </span>
          ))}
          {data.named > data.matched.length ? ` and ${(data.named - data.matched.length).toLocaleString('en-US')} more` : ''}
        </p>
      )}
      {data.unmatched.length > 0 && data.named > 0 && (
        <p className="text-xs text-stone-500">
          Not in Breeding:{' '}
          {data.unmatched.map((name, index) => (
            <span key={name}>
              {index > 0 && ', '}
              <span className="whitespace-nowrap">{name}</span>
            </span>
          ))}
          {data.individuals - data.named > data.unmatched.length ? '…' : ''}
        </p>
      )}
    </div>
  );
}
