/** A select's options for records by name, after an empty first choice (“No project”). */
export function RecordOptions({ none, records }: { none: string; records: ReadonlyArray<{ id: number; name: string }> | undefined }) {
  return (
    <>
      <option value="">{none}</option>
      {records?.map((record) => (
        <option key={record.id} value={String(record.id)}>
          {record.name}
        </option>
      ))}
    </>
  );
}
