import type { MouseEvent, ReactNode } from 'react';
import { Typography } from 'antd';
import { useHref, useLinkClickHandler } from 'react-router';

/** An antd-styled link that navigates inside the app (and still opens in a new tab with Ctrl/Cmd-click). */
export function RouterLink({ to, children }: { to: string; children: ReactNode }) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Typography.Link href={href} onClick={(event: MouseEvent<HTMLAnchorElement>) => handleClick(event)}>
      {children}
    </Typography.Link>
  );
}
