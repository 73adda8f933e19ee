import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';

/**
 * A page about one project at a time (its lists below): the project chooser, named by `label`, in its
 * card at the top; the page's lists under it, one gap apart, as ListLayout spaces its cards.
 */
export function ProjectPageLayout({
  label,
  picker,
  children,
}: {
  label: string;
  picker: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex gap={8} align="center">
          <Typography.Text>{label}</Typography.Text>
          {picker}
        </Flex>
      </Card>
      {children}
    </Flex>
  );
}
