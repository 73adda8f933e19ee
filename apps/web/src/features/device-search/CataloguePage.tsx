import { Button, Card, Col, Empty, Flex, List, Result, Row, Skeleton, Statistic, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import type { CatalogueType } from '@siteops/contracts/device-search/schemas';
import { ROUTES } from '@siteops/contracts/shared/routes';
import { deviceSearchApi } from '@siteops/contracts/device-search/api';
import { useEndpointQuery } from '@/api/queries';
import { formatMinute } from '@/lib/time';
import { usePermission } from '@/hooks/usePermission';

/** Each type's own device list (routes.ts). */
const LIST_OF_TYPE: Record<DeviceType, string> = {
  face: '/device/face-list',
  dust: '/device/dust-monitor',
  broadcast: '/device/cloud-broadcasting',
  aiBox: '/device/aiBox-list',
  towerCrane: '/device/tower-crane-list',
  elevator: '/device/elevator-list',
  towerElevatorFace: '/device/tower-elevator-face-list',
  plate: '/device/vehicle-Plate-Recogn-list',
  gateway: '/device/universal-Gateway-list',
};

function TypeCard({ item }: { item: CatalogueType }) {
  // The alarm's kind in red that keeps 4.5:1 on a card (antd's 'danger' text is lighter: axe colour-contrast).
  const { token } = theme.useToken();
  const { t } = useTranslation();
  const title = t(`deviceSearch.types.${item.type}`);
  // A manager sees its projects' counts here but has no registry pages to open.
  const canOpenList = usePermission(ROUTES.find((r) => r.path === LIST_OF_TYPE[item.type])?.roles ?? []);
  return (
    <Card
      title={title}
      data-testid={`catalogue-${item.type}`}
      extra={canOpenList && <Link to={LIST_OF_TYPE[item.type]}>{t('deviceSearch.catalogue.openList')}</Link>}
      style={{ height: '100%' }}
    >
      <Typography.Text type="secondary">{t('deviceSearch.catalogue.total', { count: item.total })}</Typography.Text>
      <Row gutter={8} style={{ marginTop: 8 }}>
        <Col span={8}>
          <Statistic
            title={t('deviceSearch.catalogue.online')}
            value={item.online}
            styles={{ content: { color: '#389e0d' } }}
          />
        </Col>
        <Col span={8}>
          <Statistic title={t('deviceSearch.catalogue.offline')} value={item.offline} />
        </Col>
        <Col span={8}>
          <Statistic
            title={t('deviceSearch.catalogue.unauthorised')}
            value={item.unauthorised}
            styles={item.unauthorised ? { content: { color: '#d46b08' } } : undefined}
          />
        </Col>
      </Row>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('deviceSearch.catalogue.latestAlarms')}
      </Typography.Title>
      {item.alarms.length === 0 ? (
        <Typography.Text type="secondary">{t('deviceSearch.catalogue.noAlarms')}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={item.alarms}
          rowKey="id"
          renderItem={(a) => (
            <List.Item>
              <Flex vertical style={{ minWidth: 0 }}>
                <Typography.Text style={{ color: token.colorErrorTextActive }}>
                  {t(`deviceSearch.kinds.${a.kind}`, { defaultValue: a.kind })}
                </Typography.Text>
                <Typography.Text ellipsis>
                  {a.devName ?? a.sn} · {formatMinute(a.at)}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/**
 * /device/device-catalogue (spec 2 "card list"): one card per device type with its online, offline and
 * unauthorised counts in the caller's scope, a link to that type's list, and its newest alarms.
 */
export function CataloguePage() {
  const { t } = useTranslation();
  const query = useEndpointQuery(deviceSearchApi.catalogue, {});
  if (query.isPending) {
    return (
      <Row gutter={[16, 16]}>
        {[0, 1, 2].map((i) => (
          <Col key={i} xs={24} md={12} xl={8}>
            <Card>
              <Skeleton active />
            </Card>
          </Col>
        ))}
      </Row>
    );
  }
  if (query.isError) {
    return (
      <Result
        status="error"
        title={t('deviceSearch.catalogue.loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('deviceSearch.catalogue.retry')}</Button>}
      />
    );
  }
  const types = query.data.types;
  if (types.every((ty) => ty.total === 0)) {
    return (
      <Card>
        <Empty description={t('deviceSearch.catalogue.noDevices')} />
      </Card>
    );
  }
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        {types.map((item) => (
          <Col key={item.type} xs={24} md={12} xl={8}>
            <TypeCard item={item} />
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
