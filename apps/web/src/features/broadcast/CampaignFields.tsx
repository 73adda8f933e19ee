import { Col, DatePicker, Form, Input, Radio, Row, Select, Slider, TimePicker, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  BROADCAST_VOICES,
  CAMPAIGN_CONTENT_MAX_WORDS,
  CAMPAIGN_NAME_MAX,
  INTERVAL_MINUTES,
  countWords,
  isHttpLink,
  type CampaignSpeaker,
} from '@siteops/contracts/broadcast/schemas';
import { voiceLabelKey, type CampaignFormValues } from './campaignForm';
import { requiredText } from '@/components/form/rules';
import { WholeNumberField } from '@/components/form/WholeNumberField';

const check = (ok: (v: string) => boolean, msg: string): Rule => ({
  validator: (_, v: string | undefined) => (!v || ok(v.trim()) ? Promise.resolve() : Promise.reject(new Error(msg))),
});

/** Step 1: the campaign (spec 9: activity name ≤ 20 characters, http(s) link, content ≤ 200 words). */
export function FieldsStep() {
  const { t } = useTranslation();
  const content = Form.useWatch<string | undefined>('content');
  return (
    <>
      <Form.Item
        name="name"
        label={t('broadcast.field.name')}
        rules={[
          requiredText(t('broadcast.rule.nameRequired')),
          check((v) => v.length <= CAMPAIGN_NAME_MAX, t('broadcast.rule.nameMax')),
        ]}
      >
        <Input showCount={{ formatter: ({ count }) => `${count} / ${CAMPAIGN_NAME_MAX}` }} />
      </Form.Item>
      <Form.Item
        name="link"
        label={t('broadcast.field.link')}
        rules={[requiredText(t('broadcast.rule.linkRequired')), check(isHttpLink, t('broadcast.rule.link'))]}
      >
        <Input placeholder="https://" />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('broadcast.field.content')}
        extra={t('broadcast.words', { count: countWords(content ?? '') })}
        rules={[
          requiredText(t('broadcast.rule.contentRequired')),
          check((v) => countWords(v) <= CAMPAIGN_CONTENT_MAX_WORDS, t('broadcast.rule.contentWords')),
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 4, maxRows: 10 }} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="voice" label={t('broadcast.field.voice')}>
            <Radio.Group
              optionType="button"
              options={BROADCAST_VOICES.map((v) => ({ value: v, label: t(voiceLabelKey(v)) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="volume" label={t('broadcast.field.volume')}>
            <Slider min={0} max={100} aria-label={t('broadcast.field.volume')} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** Step 2: which speakers and when. */
export function TargetsStep({ speakers }: { speakers: readonly CampaignSpeaker[] }) {
  const { t } = useTranslation();
  const by = Form.useWatch<CampaignFormValues['by']>('by');
  const when = Form.useWatch<CampaignFormValues['when']>('when');
  const projects = new Map<number, { name: string; count: number }>();
  for (const s of speakers) {
    if (s.projectId === null) continue;
    const p = projects.get(s.projectId) ?? { name: s.projectName ?? String(s.projectId), count: 0 };
    p.count += 1;
    projects.set(s.projectId, p);
  }
  // The speakers by project or one by one: at least one, found by typing part of its label.
  const pickMany = (
    name: 'projectIds' | 'deviceIds',
    messages: 'projects' | 'devices',
    options: { value: number; label: string }[],
  ) => (
    <Form.Item
      name={name}
      label={t(`broadcast.field.${messages}`)}
      rules={[{ required: true, message: t(`broadcast.rule.${messages}Required`) }]}
    >
      <Select mode="multiple" showSearch={{ optionFilterProp: 'label' }} options={options} />
    </Form.Item>
  );
  const state = (s: CampaignSpeaker) => (s.onlineStatus === 'online' ? t('broadcast.online') : t('broadcast.offline'));
  return (
    <>
      <Form.Item name="by" label={t('broadcast.field.by')}>
        <Radio.Group
          optionType="button"
          options={(['devices', 'project'] as const).map((v) => ({ value: v, label: t(`broadcast.by.${v}`) }))}
        />
      </Form.Item>
      {by === 'project'
        ? pickMany(
            'projectIds',
            'projects',
            [...projects].map(([id, p]) => ({
              value: id,
              label: t('broadcast.projectSpeakers', { name: p.name, count: p.count }),
            })),
          )
        : pickMany(
            'deviceIds',
            'devices',
            speakers.map((s) => ({
              value: s.id,
              label: `${s.devName ?? s.sn} (${s.sn}) · ${s.projectName ?? t('broadcast.noProject')} · ${state(s)}`,
            })),
          )}
      <Form.Item name="when" label={t('broadcast.field.when')}>
        <Radio.Group
          optionType="button"
          options={(['now', 'at', 'daily'] as const).map((v) => ({ value: v, label: t(`broadcast.when.${v}`) }))}
        />
      </Form.Item>
      {when === 'at' && (
        <Form.Item
          name="at"
          label={t('broadcast.field.at')}
          rules={[
            { required: true, message: t('broadcast.rule.atRequired') },
            {
              validator: (_, v: dayjs.Dayjs | undefined) =>
                !v || v.isAfter(dayjs()) ? Promise.resolve() : Promise.reject(new Error(t('broadcast.rule.atPast'))),
            },
          ]}
        >
          <DatePicker showTime={{ format: 'HH:mm:ss' }} format="YYYY-MM-DD HH:mm:ss" />
        </Form.Item>
      )}
      {when === 'daily' && (
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item
              name="window"
              label={t('broadcast.field.window')}
              rules={[{ required: true, message: t('broadcast.rule.windowRequired') }]}
            >
              <TimePicker.RangePicker format="HH:mm" order={false} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <WholeNumberField
              name="everyMinutes"
              label={t('broadcast.field.everyMinutes')}
              min={INTERVAL_MINUTES.min}
              max={INTERVAL_MINUTES.max}
              message={t('broadcast.rule.everyMinutes')}
            />
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="until" label={t('broadcast.field.until')}>
              <DatePicker disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
            </Form.Item>
          </Col>
        </Row>
      )}
      {when === 'daily' && (
        <Typography.Paragraph type="secondary">
          {t('broadcast.field.timeZone')}: {Intl.DateTimeFormat().resolvedOptions().timeZone}
        </Typography.Paragraph>
      )}
    </>
  );
}
