import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Form, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { broadcastApi } from '@siteops/contracts/broadcast/api';
import { useEndpointMutation, useEndpointQuery } from '@/api/queries';
import { ApiError } from '@/api/envelope';
import type { ResultState } from '@/lib/resultState';
import { FieldsStep, TargetsStep } from './CampaignFields';
import {
  INITIAL_VALUES,
  STEP_FIELDS,
  bodyOf,
  clearDraft,
  formFieldOf,
  saveDraft,
  stepOf,
  voiceLabelKey,
  readDraft,
  type CampaignFormValues,
} from './campaignForm';
import { scheduleText } from './scheduleText';

export const CAMPAIGNS_PATH = '/device/broadcast-campaign';

const fieldErrors = (errors: Record<string, string>) =>
  Object.entries(errors)
    .map(([name, msg]) => ({ name: formFieldOf(name), errors: [msg] }))
    .filter((f): f is { name: keyof CampaignFormValues; errors: string[] } => f.name !== undefined);

/** The first step with a field the server faulted; none: the confirm step, to submit again. */
const firstStepWithError = (errors: Record<string, string>) => {
  const fields = fieldErrors(errors);
  return fields.length ? Math.min(...fields.map((f) => stepOf(f.name))) : 2;
};

/**
 * The spec's step form bound to a real job: 1 the campaign, 2 speakers and schedule, 3 confirm. A
 * submit lands on the success result page (linking to the campaign) or the error result page, whose
 * "Return For Correction" comes back here with the values and the server's field errors restored.
 */
export function NewCampaign({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<CampaignFormValues>();
  // A failed submit's values and field errors, back from the error page's "Return For Correction".
  const [draft] = useState(readDraft);
  const [step, setStep] = useState(() => (draft ? firstStepWithError(draft.errors) : 0));
  const speakers = useEndpointQuery(broadcastApi.speakers, {});
  const add = useEndpointMutation(broadcastApi.add, [], { silent: true });
  const list = speakers.data?.list ?? [];

  // On mount, and when a kept-alive tab is shown again: the errors of a failed submit, once.
  useEffect(() => {
    const failed = readDraft();
    if (!failed) return;
    clearDraft();
    form.setFields(fieldErrors(failed.errors));
  }, [form]);

  const next = async () => {
    await form.validateFields(STEP_FIELDS[step] as string[]);
    setStep(step + 1);
  };

  const submit = async () => {
    const values = form.getFieldsValue(true) as CampaignFormValues;
    try {
      const created = await add.mutateAsync(bodyOf(values));
      clearDraft();
      // A kept-alive tab opens on an empty form next time, not on what was just sent.
      form.resetFields();
      setStep(0);
      const state: ResultState = {
        subTitleKey: 'broadcast.createdSubTitle',
        subTitleParams: { name: created.name, when: scheduleText(t, created.schedule) },
        link: { to: `${CAMPAIGNS_PATH}?id=${created.id}`, labelKey: 'broadcast.viewCampaign' },
      };
      void navigate('/result/success', { state });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      const errors = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
      saveDraft(values, errors);
      // Where "Return For Correction" lands, whether this page is kept alive or opened afresh.
      setStep(firstStepWithError(errors));
      const state: ResultState = { detail: error instanceof Error ? error.message : undefined };
      void navigate('/result/error', { state });
    }
  };

  // Read only on the confirm step: the form is connected by then.
  const values = step === 2 ? (form.getFieldsValue(true) as CampaignFormValues) : INITIAL_VALUES;
  const chosen =
    values.by === 'project'
      ? list.filter((s) => s.projectId !== null && values.projectIds?.includes(s.projectId)).length
      : (values.deviceIds?.length ?? 0);

  return (
    <Card title={t('broadcast.newTitle')}>
      <Flex vertical gap={24}>
        <Steps
          current={step}
          items={(['fields', 'targets', 'confirm'] as const).map((k) => ({ title: t(`broadcast.steps.${k}`) }))}
        />
        {speakers.isSuccess && list.length === 0 && <Alert type="warning" showIcon title={t('broadcast.noSpeakers')} />}
        <Form
          form={form}
          layout="vertical"
          initialValues={draft?.values ?? INITIAL_VALUES}
          aria-label={t('broadcast.newTitle')}
          style={{ maxWidth: 760 }}
        >
          {step === 0 && <FieldsStep />}
          {step === 1 && <TargetsStep speakers={list} />}
        </Form>
        {step === 2 && (
          <Flex vertical gap={16} style={{ maxWidth: 760 }}>
            <Typography.Paragraph>{t('broadcast.confirmIntro')}</Typography.Paragraph>
            <Descriptions
              bordered
              column={1}
              size="small"
              items={[
                { key: 'name', label: t('broadcast.field.name'), children: values.name },
                { key: 'link', label: t('broadcast.field.link'), children: values.link },
                {
                  key: 'content',
                  label: t('broadcast.field.content'),
                  children: <span style={{ whiteSpace: 'pre-wrap' }}>{values.content}</span>,
                },
                { key: 'voice', label: t('broadcast.field.voice'), children: t(voiceLabelKey(values.voice)) },
                { key: 'volume', label: t('broadcast.field.volume'), children: values.volume },
                {
                  key: 'devices',
                  label: t('broadcast.field.devices'),
                  children: t('broadcast.speakerCount', { count: chosen }),
                },
                { key: 'when', label: t('broadcast.field.when'), children: scheduleText(t, bodyOf(values).schedule) },
              ]}
            />
          </Flex>
        )}
        <Flex gap={8}>
          {step === 0 ? (
            <Button onClick={onCancel}>{t('common.cancel')}</Button>
          ) : (
            <Button onClick={() => setStep(step - 1)}>{t('broadcast.previous')}</Button>
          )}
          {step < 2 ? (
            <Button type="primary" onClick={() => void next().catch(() => undefined)}>
              {t('broadcast.next')}
            </Button>
          ) : (
            <Button type="primary" loading={add.isPending} onClick={() => void submit()}>
              {t('broadcast.submit')}
            </Button>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
