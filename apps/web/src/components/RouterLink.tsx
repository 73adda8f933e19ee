import type { MouseEvent, ReactNode } from 'react';
import { Typography } from 'antd';
import { useHref, useLinkClickHandler } from 'react-router';

/**
 * An antd-styled link that navigates inside the app (and still opens in a new tab with Ctrl/Cmd-click).
 * `inText`: the link stands inside a sentence, so it is underlined (colour alone does not tell it from the
 * words around it: axe link-in-text-block).
 */
export function RouterLink({ to, children, inText }: { to: string; children: ReactNode; inText?: boolean }) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Typography.Link
      href={href}
      underline={inText}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => handleClick(event)}
    >
      {children}
    </Typography.Link>
  );
}
