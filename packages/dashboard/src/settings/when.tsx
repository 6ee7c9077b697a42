import { fullTime } from '../inbox/relative-time.js';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A date the API gave, as its day (the full time on hover), or `none` when it gave null. */
export function When({ iso, none = '—' }: { iso: string | null; none?: string }) {
  if (!iso) return <span className="muted">{none}</span>;
  return (
    <time dateTime={iso} title={fullTime(iso)} className="nowrap">
      {day.format(new Date(iso))}
    </time>
  );
}
