/** Entry cards to every area of the portal (desktop home) and the H5 entry grid. */
import { RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { AreaEntry } from '../areas';

export function AreaGrid({ areas }: { areas: readonly AreaEntry[] }) {
  return (
    <ul className="eav-areas" data-testid="area-grid">
      {areas.map((a) => (
        <li key={a.key}>
          <Link to={a.to} className="eav-area" data-area={a.key}>
            <span
              className="eav-area__icon"
              style={{ background: `linear-gradient(135deg, ${a.tone[0]}, ${a.tone[1]})` }}
            >
              {a.icon}
            </span>
            <span className="eav-area__body">
              <span className="eav-area__title">{a.title}</span>
              <span className="eav-area__desc">{a.description}</span>
            </span>
            <RightOutlined className="eav-area__arrow" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The H5 entry grid: four per row, or `columns` per row for a short list. */
export function AreaGridH5({
  areas,
  columns = 4,
  testId = 'area-grid',
}: {
  areas: readonly AreaEntry[];
  columns?: number;
  testId?: string;
}) {
  return (
    <ul
      className="eav-h5-areas"
      data-testid={testId}
      style={columns === 4 ? undefined : { gridTemplateColumns: `repeat(${columns}, 1fr)` }}
    >
      {areas.map((a) => (
        <li key={a.key}>
          <Link to={a.to} className="eav-h5-area" data-area={a.key}>
            <span
              className="eav-h5-area__icon"
              style={{ background: `linear-gradient(135deg, ${a.tone[0]}, ${a.tone[1]})` }}
            >
              {a.icon}
            </span>
            <span className="eav-h5-area__title">{a.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
