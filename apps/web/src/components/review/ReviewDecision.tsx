import { useState } from 'react';
import { Button, Form, Input, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { afterReport } from '@/api/reported';
import { message } from '@/lib/feedback';

/**
 * One kind of review: what it decides between, where its words are (`messages`, the message group
 * holding `reject`, `pass`, `passConfirm`, `passDone`, `rejectDone` and `opinionPlaceholder`) and its
 * opinion field's id. The certification audit and the visitor audit review alike; only these differ.
 */
export interface ReviewKind<R extends string> {
  messages: string;
  rejected: R;
  passed: R;
  opinionId: string;
}

/**
 * A review's "Reject" and "Pass": `decide` sends one (its button loading until it settles), says it is
 * done and closes the dialog; a failure is reported and leaves the dialog open.
 */
export function useReviewDecision<R extends string>(
  kind: ReviewKind<R>,
  send: (result: R) => Promise<unknown>,
  onClose: () => void,
) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<R | null>(null);
  const decide = async (result: R) => {
    setBusy(result);
    try {
      await send(result);
      message().success(t(`${kind.messages}.${result === kind.passed ? 'passDone' : 'rejectDone'}`));
      onClose();
    } finally {
      setBusy(null);
    }
  };
  return { busy, decide: (result: R) => afterReport(decide(result)) };
}

/**
 * The reviewer's opinion of the subject on show: each newly opened subject starts from `initial` (state
 * adjusted while rendering, not in an effect, so the field never shows the last subject's words).
 */
export function useReviewOpinion<S>(subject: S | null, initial: (subject: S | null) => string) {
  const [opinion, setOpinion] = useState('');
  const [shownFor, setShownFor] = useState<S | null>(null);
  if (shownFor !== subject) {
    setShownFor(subject);
    setOpinion(initial(subject));
  }
  return [opinion, setOpinion] as const;
}

/** A review dialog's footer: cancel, reject, and pass after a confirmation. */
export function ReviewFooter<R extends string>({
  kind,
  busy,
  decide,
  onCancel,
}: ReturnType<typeof useReviewDecision<R>> & { kind: ReviewKind<R>; onCancel: () => void }) {
  const { t } = useTranslation();
  const { messages, rejected, passed } = kind;
  return (
    <Space>
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      <Button danger loading={busy === rejected} onClick={() => void decide(rejected)}>
        {t(`${messages}.reject`)}
      </Button>
      <Popconfirm
        title={t(`${messages}.passConfirm`)}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        onConfirm={() => decide(passed)}
      >
        <Button type="primary" loading={busy === passed}>
          {t(`${messages}.pass`)}
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** The reviewer's opinion under what is being reviewed: a few lines, at most 256 characters. */
export function OpinionField({
  kind,
  label,
  value,
  onChange,
}: {
  kind: ReviewKind<string>;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = kind.opinionId;
  return (
    <Form layout="vertical" style={{ marginTop: 16 }}>
      <Form.Item label={label} htmlFor={id}>
        <Input.TextArea
          id={id}
          value={value}
          maxLength={256}
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder={t(`${kind.messages}.opinionPlaceholder`)}
          onChange={(e) => onChange(e.target.value)}
        />
      </Form.Item>
    </Form>
  );
}
