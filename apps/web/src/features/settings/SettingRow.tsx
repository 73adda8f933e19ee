import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';

/** One labelled control of the settings drawer. */
export function SettingRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex align="center" justify="space-between" gap={12} style={{ minHeight: 40 }}>
      <Typography.Text>{label}</Typography.Text>
      {children}
    </Flex>
  );
}

export function SettingSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section style={{ marginBottom: 20 }}>
      <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 8 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}
