import { useState, type ReactNode } from 'react';
import { Tooltip } from 'antd';

/**
 * One line of text cut with an ellipsis at `maxWidth`, the whole text (or `tooltip`) in a tooltip on
 * hover when it was cut. Stands in for Typography's `ellipsis={{ tooltip }}` in table cells: that measures every cell and
 * mounts a Tooltip per row on the first paint; this measures on the first hover and mounts the Tooltip
 * only for a text that does not fit (issue 9).
 */
export function EllipsisText({
  text,
  maxWidth,
  tooltip,
}: {
  text: string | null;
  maxWidth: number;
  tooltip?: ReactNode;
}) {
  const [cut, setCut] = useState(false);
  const [hovered, setHovered] = useState(false);
  const line = (
    <span
      style={{
        display: 'inline-block',
        maxWidth,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        verticalAlign: 'bottom',
      }}
    >
      {text}
    </span>
  );
  return (
    // The hover is tracked on this box-less wrapper, which stays when the Tooltip comes in around the line.
    <span
      style={{ display: 'contents' }}
      onPointerEnter={(e) => {
        const el = e.currentTarget.firstElementChild;
        if (el && el.scrollWidth > el.clientWidth) setCut(true);
        setHovered(true);
      }}
      onPointerLeave={() => setHovered(false)}
    >
      {cut ? (
        <Tooltip title={tooltip ?? text} open={hovered}>
          {line}
        </Tooltip>
      ) : (
        line
      )}
    </span>
  );
}
