import type { CSSProperties, ReactNode } from 'react';
import { Typography } from 'antd';

/**
 * A part of a page under its own small heading, named by that heading (`aria-labelledby`), so a screen
 * reader lists it as a region and a test finds it by its title.
 */
export function TitledSection({
  id,
  title,
  style,
  children,
}: {
  /** The heading's id (unique on the page). */
  id: string;
  title: ReactNode;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} style={style}>
      <Typography.Title level={5} id={id}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}
